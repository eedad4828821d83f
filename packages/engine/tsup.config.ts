import { libraryConfig } from '../../tsup.shared.js'

export default libraryConfig({ index: 'src/index.ts', segments: 'src/segments/index.ts' })
