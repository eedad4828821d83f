/*
 * Keeps Debian's HMM tagger (apertium-tagger -g) from rewriting its own model while it tags,
 * so that a text is tagged the same whatever the process tagged before it. Loaded into the
 * tagger stages Verso runs (LD_PRELOAD, chosen by preloads.ts and set by supervisor.ts; built
 * by the engine's build, tsup.config.ts).
 *
 * Why: when a word's readings form an ambiguity class the model was not trained with (eng-spa:
 * "fit", "included", "Windows", "thanks"; 20 of 3 575 interface strings of ../shared/corpus),
 * the tagger asks tagger_utils::find_similar_ambiguity_class for a known class that contains
 * it. Apertium 3.8's version starts its search from a *reference* to the model's open class
 * (the tags an unknown word may take) and assigns each better candidate through it:
 *
 *     set<TTag> &ret = td.getOpenClass();
 *     ... ret = ambg_class; ...
 *     return ret;
 *
 * so the open class itself shrinks to the class found, for the rest of the process. From then
 * on every unknown word (a product name, a technical term) is tagged within that narrower
 * class: once eng-spa had met "included", "AntennaPod uses other great software" came back
 * "AntennaPod usos …" instead of "AntennaPod utiliza …", "can render" "lata render" instead of
 * "puede render". A warm pipeline serving many users met such a class within minutes, and from
 * then on answered differently from a fresh one, for everybody.
 *
 * What: the same search (first the open class, then each known class, in the model's order,
 * that is smaller than the best so far and contains the word's class), returning a reference
 * to the class found instead of copying it into the open class. The caller copies the result
 * at once (HMM::tagger: `ambg_class_tags = require_similar_ambiguity_class(…)`), and both the
 * open class and the model's classes live as long as the model, so the reference stays valid.
 * A text is then tagged as a fresh tagger tags it alone, except that within one text an unknown
 * word after a new class is tagged with the full open class, as the model was trained.
 *
 * Written for Apertium 3.8 (Debian 12's libapertium3): the layout of std::set<int>, the vtable
 * slot of TaggerData::getOutput() and the names below are that version's; a library without
 * those names gets its own function back. bench/tagger-order.mjs and the engine's tests check
 * the effect on a machine (a warm pipeline answers as a fresh one).
 *
 * No headers beyond the compiler's own, and no link-time dependency on libapertium: its
 * functions are looked up when first needed (dlsym), and libstdc++'s std::set<int> is read
 * through its layout (below), which its C++11 ABI keeps fixed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

/* libstdc++'s red-black tree node (_Rb_tree_node_base), the int value right after it. */
struct tree_node {
  int color;
  struct tree_node *parent, *left, *right;
};
/* std::set<int>: the (empty) comparator padded to 8 bytes, the header node whose parent is the
   root, then the element count. */
struct int_set {
  void *compare;
  struct tree_node header;
  size_t count;
};

static int value(const struct tree_node *node) { return *(const int *)(node + 1); }

static int contains(const struct int_set *set, int wanted) {
  for (const struct tree_node *node = set->header.parent; node;) {
    int here = value(node);
    if (here == wanted) return 1;
    node = wanted < here ? node->left : node->right;
  }
  return 0;
}

/* Whether every value of the subtree under `node` is in `set` (std::includes on two sets). */
static int subtree_within(const struct tree_node *node, const struct int_set *set) {
  return !node || (contains(set, value(node)) && subtree_within(node->left, set) && subtree_within(node->right, set));
}

typedef struct int_set *(*open_class_function)(void *tagger_data);
typedef int (*collection_size_function)(void *collection);
typedef const struct int_set *(*collection_at_function)(void *collection, int index);
typedef void *(*output_function)(void *tagger_data);
typedef struct int_set *(*similar_function)(void *tagger_data, struct int_set *word_class);

#define SIMILAR_SYMBOL "_ZN12tagger_utils28find_similar_ambiguity_classER10TaggerDataRSt3setIiSt4lessIiESaIiEE"

/* tagger_utils::find_similar_ambiguity_class(TaggerData&, std::set<int>&) */
struct int_set *_ZN12tagger_utils28find_similar_ambiguity_classER10TaggerDataRSt3setIiSt4lessIiESaIiEE(void *tagger_data, struct int_set *word_class) {
  static int looked_up;
  static open_class_function open_class;
  static collection_size_function collection_size;
  static collection_at_function collection_at;
  if (!looked_up) {
    /* TaggerData::getOpenClass(), Collection::size(), Collection::operator[](int): libapertium
       3.8's own, exported. */
    collection_size = (collection_size_function)dlsym(RTLD_DEFAULT, "_ZN10Collection4sizeEv");
    collection_at = (collection_at_function)dlsym(RTLD_DEFAULT, "_ZN10CollectionixEi");
    open_class = (open_class_function)dlsym(RTLD_DEFAULT, "_ZN10TaggerData12getOpenClassEv");
    looked_up = 1;
  }
  if (!collection_size || !collection_at || !open_class) {
    /* a libapertium without them (another version): its own function, as Debian ships it */
    static similar_function stock;
    if (!stock) stock = (similar_function)dlsym(RTLD_NEXT, SIMILAR_SYMBOL);
    return stock(tagger_data, word_class);
  }
  /* TaggerData::getOutput() is virtual; the library calls it through the third slot of the
     object's vtable, and so does this. */
  output_function output_of = (*(output_function **)tagger_data)[2];
  void *output = output_of(tagger_data);

  const struct int_set *best = open_class(tagger_data);
  int classes = collection_size(output);
  for (int k = 0; k < classes; k++) {
    const struct int_set *candidate = collection_at(output, k);
    if (candidate->count >= best->count) continue;
    if (subtree_within(word_class->header.parent, candidate)) best = candidate;
  }
  return (struct int_set *)best;
}
