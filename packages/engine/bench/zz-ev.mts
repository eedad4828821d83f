import { createDetector, rank, WEIGHTS } from '../src/detect.ts'
import { findAnalysers } from '../src/detect/analysers.ts'
import { readModesFolder } from '../src/apertium/directions.ts'
const analysers = findAnalysers(readModesFolder('/usr/share/apertium/modes').directions)
const d = createDetector(process.argv[3].split(','), { analysers })
const e = d.evidence(process.argv[2])!
console.log(JSON.stringify(e.evidence.map((x) => ({ ...x })), null, 0))
const bayes = e.bayes
console.log(rank(e.evidence, WEIGHTS, bayes).slice(0, 4))
console.log(bayes?.(process.argv[3].split(',')))
