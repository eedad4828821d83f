export { createEngine } from './engine.js'
export type { Engine, EngineOptions, EngineStats, Translation } from './engine.js'
export type { Language } from './registry.js'
export { EngineError, engineErrorCodes } from './errors.js'
export type { EngineErrorCode } from './errors.js'
export type { Segment, SegmentPart, InlineToken } from './segment.js'
export { isInlineToken } from './segment.js'
export { createApertiumPipeline, nextFlushState } from './apertium/pipeline.js'
export type {
  ApertiumPipeline, ApertiumPipelineOptions, FlushEvent, FlushState, PipelineTransition, ProcessEvent, ProcessState,
} from './apertium/pipeline.js'
export { nextProcessState } from './apertium/supervisor.js'
export { createPipelinePool, defaultMaxPipelines } from './apertium/pool.js'
export type { PipelinePool, PipelinePoolOptions, PipelineStats } from './apertium/pool.js'
export {
  escapeStream, unescapeStream, repairTokens, encodeSegment, decodeSegment, validateSegment, MAX_INLINE_DEPTH, MAX_INLINE_TOKENS,
} from './apertium/stream.js'
export type { EncodedSegment, Decoded } from './apertium/stream.js'
export { parseModeStages } from './apertium/mode.js'
