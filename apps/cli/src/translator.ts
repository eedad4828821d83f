/** What `verso translate` needs from a translator, local or remote, and the CLI's one error class. */
import type { FileKind } from './files.js'

export interface SourceFile {
  /** The path as given, for messages. */
  path: string
  /** File name sent to the job engine (its extension picks the codec). */
  name: string
  bytes: Uint8Array
  kind: FileKind
  /** `--encoding`: what an HTML or subtitle file that is not UTF-8 and has no BOM is written in. */
  encoding?: string
}

/** One target language of one file: the translated bytes, or why there are none. */
export type LanguageOutcome =
  | {
      language: string
      bytes: Uint8Array
      /** Set when some keys failed and were left untranslated. */
      failedKeys: string | null
      /** Something the user should know about the bytes (written in another encoding than the source's). */
      note?: string
    }
  | { language: string; error: string }

export interface FileTranslator {
  /** Codes the translator knows (for finding a language in a path). */
  languages(): string[] | Promise<string[]>
  /** Translates into each target; `from` null means detect. Rejects only when nothing could be done for the file. */
  translate(
    file: SourceFile,
    from: string | null,
    targets: readonly string[],
    onLanguageDone?: (outcome: LanguageOutcome) => void,
    /**
     * The current translation per target language (the output file as it is on disk), for
     * localization files: Verso keeps its human edits and translates only new and changed keys.
     */
    existing?: ReadonlyMap<string, Uint8Array>,
  ): Promise<{ source: string; outcomes: LanguageOutcome[] }>
  close(): Promise<void>
}

/**
 * Exit codes (README): 0 everything done; 1 some file or language failed, or `check` found
 * problems; 2 bad usage (unknown option, unsupported language or file type); 3 the server
 * could not be reached or refused the key; 130 interrupted (Ctrl-C).
 */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, SERVER: 3, INTERRUPTED: 130 } as const

export class CliError extends Error {
  override name = 'CliError'
  constructor(
    readonly kind: 'USAGE' | 'FILE' | 'SERVER',
    message: string,
  ) {
    super(message)
  }

  get exitCode(): number {
    return this.kind === 'USAGE' ? EXIT.USAGE : this.kind === 'SERVER' ? EXIT.SERVER : EXIT.FAILED
  }
}
