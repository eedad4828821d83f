export type { Segment, SegmentPart, InlineToken } from './segment.js'
export { isInlineToken } from './segment.js'
