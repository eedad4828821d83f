#!/usr/bin/env node
// The part of POST /v2/translate/html outside the engine: parse + segment (extractHtml) and
// splice back (write), on a ~50 000-character page shaped like the corpus pages (paragraphs
// with inline tags and code, lists, tables, scripts, styles, comments, entities).
// Needs the build: `cd packages/html && ../../node_modules/.bin/tsup`.
// Prints human lines on stderr and one `BENCH_JSON {…}` line on stdout.
import { performance } from 'node:perf_hooks'
import { parse } from 'parse5'
import { extractHtml } from '@verso/html'

const WORDS = (
  'transmission agent label expression build project torrent download seed queue inspector ' +
  'window preference bandwidth transfer group filter video demo source browser operator node'
).split(' ')

/** Deterministic pseudo-random numbers, so every run measures the same page. */
let seed = 42
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}
const words = (n) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ')
const sentence = () => {
  const s = words(6 + rand(10))
  return s[0].toUpperCase() + s.slice(1) + '.'
}

function paragraph() {
  switch (rand(6)) {
    case 0:
      return `<p>${sentence()} Use the <b>${words(2)}</b> or <i>${words(1)}</i> when the ${words(3)} &amp; ${words(2)} is ready.</p>`
    case 1:
      return `<p>\n    ${sentence()}\n    <code>${words(1)}-builder</code>\n    , ${words(5)}.\n    <br />\n    ${sentence()}\n  </p>`
    case 2:
      return `<p>${sentence()} See <a href="https://example.org/${words(1)}.html" title="${words(3)}">${words(2)}</a> for details &mdash; ${sentence()}</p>`
    case 3:
      return `<ul>\n  <li>${sentence()}</li>\n  <li>${words(4)} <em>${words(2)}</em> ${words(3)}</li>\n  <li><a href="#x"><img src="i.png" alt="${words(2)}" />${words(5)}</a></li>\n</ul>`
    case 4:
      return `<table class="grid">\n  <tr><th>${words(2)}</th><th>${words(1)}</th></tr>\n  <tr><td>${sentence()}</td><td>&copy; 2010&nbsp;${words(1)}</td></tr>\n</table>`
    default:
      return `<!-- ${words(3)} -->\n<div class="question">${sentence()}</div>\n<div class="answer"><p>${sentence()} ${sentence()}</p></div>`
  }
}

function page(target) {
  const head =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta charset="utf-8" />\n  <title>Getting Started</title>\n' +
    '  <style>\n    .question { grid-column: span 2; background-color: #eef; }\n  </style>\n' +
    '  <script src="jquery.js"></script>\n  <script>\n    $(".collapse").click(function () { $(this).next(".content").slideToggle("fast") })\n  </script>\n</head>\n<body>\n'
  const tail = '\n</body>\n</html>\n'
  let body = ''
  while (head.length + body.length + tail.length < target - 400) body += paragraph() + '\n'
  return head + body + tail
}

const html = page(50_000)
const upper = (s) => (typeof s === 'string' ? s.toUpperCase() : s.map((p) => (typeof p === 'string' ? p.toUpperCase() : p)))

function measure(fn, runs) {
  for (let i = 0; i < 15; i++) fn() // warm-up
  const times = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

const RUNS = 31
const probe = extractHtml(html)
const translated = probe.segments.map(upper)
if (probe.write(probe.segments) !== html) throw new Error('identity write is not byte-identical')

const parseMs = measure(() => parse(html, { sourceCodeLocationInfo: true }), RUNS)
const extractMs = measure(() => extractHtml(html), RUNS)
const writeIdentityMs = measure(() => probe.write(probe.segments), RUNS)
const writeChangedMs = measure(() => probe.write(translated), RUNS)
const totalMs = measure(() => {
  const doc = extractHtml(html)
  doc.write(doc.segments)
}, RUNS)
const textChars = probe.segments
  .map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join('')))
  .join('').length

const result = {
  html_chars: html.length,
  segments: probe.segments.length,
  text_chars: textChars,
  runs: RUNS,
  parse5_alone_ms_median: +parseMs.toFixed(2),
  extract_ms_median: +extractMs.toFixed(2),
  write_identity_ms_median: +writeIdentityMs.toFixed(2),
  write_translated_ms_median: +writeChangedMs.toFixed(2),
  extract_plus_write_ms_median: +totalMs.toFixed(2),
}
console.error(
  `@verso/html on a ${html.length}-char page (${probe.segments.length} segments, ${textChars} chars of text), median of ${RUNS}:\n` +
    `  parse5 parse alone     ${parseMs.toFixed(2)} ms  (for scale)\n` +
    `  extractHtml            ${extractMs.toFixed(2)} ms\n` +
    `  write (identity)       ${writeIdentityMs.toFixed(2)} ms\n` +
    `  write (all changed)    ${writeChangedMs.toFixed(2)} ms\n` +
    `  extract + write        ${totalMs.toFixed(2)} ms  (the part of a request outside the engine)`,
)
console.log(`BENCH_JSON ${JSON.stringify(result)}`)
