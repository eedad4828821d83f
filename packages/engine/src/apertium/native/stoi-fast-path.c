/*
 * A fast path for lttoolbox's StringUtils::stoi, loaded into the Apertium stages Verso runs
 * (LD_PRELOAD, chosen by preloads.ts and set by supervisor.ts; built by the engine's build, tsup.config.ts).
 *
 * Why: apertium-postchunk reads every chunk-tag reference (`<3>` in `^adj<adj><3><4>$`) with
 * StringUtils::stoi, which calls ICU's u_sscanf("%d"). u_sscanf builds and destroys an ICU
 * number format and parser on each call: measured with `perf` on Debian's eng-spa, about 60 %
 * of postchunk's CPU and a quarter of the whole pipeline's (BENCHMARKS.md, "stoi").
 *
 * What: postchunk hands stoi the rest of the tag, e.g. "3><4>$}", and keeps the leading
 * number. When the string starts with 1–9 ASCII digits followed by '>' or its end, this
 * returns their value, which is what u_sscanf returns there in any locale ('>' is no sign,
 * separator, currency or exponent symbol). Anything else (whitespace, a sign, a separator, a
 * long number, no digit) goes to the real function, found with dlsym(RTLD_NEXT), which parses
 * or throws exactly as before. Output identical to the stock stages is checked by the engine's
 * tests over every installed mode.
 *
 * No headers beyond the compiler's own: std::u16string (libstdc++'s C++11 ABI, which the
 * mangled name below names) starts with its data pointer and its length.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#define STOI_SYMBOL "_ZN11StringUtils4stoiERKNSt7__cxx1112basic_stringIDsSt11char_traitsIDsESaIDsEEE"

struct u16string_view { const uint16_t *data; size_t length; };
typedef int (*stoi_function)(const struct u16string_view *);

int _ZN11StringUtils4stoiERKNSt7__cxx1112basic_stringIDsSt11char_traitsIDsESaIDsEEE(const struct u16string_view *text) {
  const uint16_t *c = text->data;
  size_t length = text->length;
  int value = 0;
  size_t digits = 0;
  while (digits < length && digits < 9 && c[digits] >= '0' && c[digits] <= '9') {
    value = value * 10 + (c[digits] - '0');
    digits++;
  }
  if (digits > 0 && (digits == length || c[digits] == '>')) return value;
  /* The library's own function; it cannot be missing, since this one is only ever bound in
     place of it. A tail call, so its exceptions unwind straight to the caller. */
  static stoi_function stock;
  if (!stock) stock = (stoi_function)dlsym(RTLD_NEXT, STOI_SYMBOL);
  return stock(text);
}
