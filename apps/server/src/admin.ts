import { parseArgs } from 'node:util'
import { meteringFromEnv, type Account, type Metering } from '@verso/metering'
import { configFromEnv } from './config.js'

/**
 * `npm run admin -- <group> <command> [--options]`: accounts, credits, keys and webhook
 * secrets. Prints one JSON object on stdout; errors go to stderr with a non-zero exit.
 */
const USAGE = `usage: npm run admin -- <command>
  accounts create --email E --name N --credits C   create an account; prints its api_key
  accounts list                                     all accounts
  accounts show --email E                           one account with its usage summary
  credits add --email E --amount A                  add A credits to the allocation
  keys rotate --email E                             new key; the old one answers 403 revoked
  keys revoke --email E                             revoke the current key (rotate to get a new one)
  webhooks secret --email E                         the secret that signs this account's webhooks
  webhooks rotate-secret --email E                  a new webhook signing secret`

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name]
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`)
  return value.trim()
}

function wholeNumber(raw: string, name: string, min: number): number {
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}`)
  return value
}

function publicAccount(account: Account) {
  return {
    id: account.id,
    email: account.email,
    full_name: account.fullName,
    total_credits: account.totalCredits,
    credits_used: account.creditsUsed,
    credits_remaining: account.totalCredits - account.creditsUsed,
    key_status: account.keyStatus,
    created_at: account.createdAt,
  }
}

async function mustFind(metering: Metering, email: string): Promise<Account> {
  const account = await metering.findAccount(email)
  if (!account) throw new UsageError(`no account with email ${email}`)
  return account
}

async function run(metering: Metering, argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      credits: { type: 'string' },
      amount: { type: 'string' },
    },
  })
  const command = positionals.join(' ')
  switch (command) {
    case 'accounts create': {
      const { account, apiKey, webhookSecret } = await metering.createAccount({
        email: required(values, 'email'),
        fullName: required(values, 'name'),
        credits: wholeNumber(required(values, 'credits'), 'credits', 0),
      })
      return { ...publicAccount(account), api_key: apiKey, webhook_secret: webhookSecret }
    }
    case 'accounts list':
      return { accounts: (await metering.listAccounts()).map(publicAccount) }
    case 'accounts show': {
      const account = await mustFind(metering, required(values, 'email'))
      return { ...publicAccount(account), usage: (await metering.summary(account.id)).summary }
    }
    case 'credits add': {
      const account = await metering.addCredits(required(values, 'email'), wholeNumber(required(values, 'amount'), 'amount', 1))
      return publicAccount(account)
    }
    case 'keys rotate': {
      const email = required(values, 'email')
      const { apiKey } = await metering.rotateKey(email)
      return { email, api_key: apiKey }
    }
    case 'keys revoke': {
      const email = required(values, 'email')
      await metering.revokeKey(email)
      return { email, key_status: 'revoked' }
    }
    case 'webhooks secret': {
      const account = await mustFind(metering, required(values, 'email'))
      return { email: account.email, webhook_secret: await metering.webhookSecret(account.id) }
    }
    case 'webhooks rotate-secret': {
      const email = required(values, 'email')
      return { email, webhook_secret: await metering.rotateWebhookSecret(email) }
    }
    default:
      throw new UsageError(command ? `unknown command '${command}'` : 'no command given')
  }
}

async function main(): Promise<void> {
  const config = configFromEnv()
  const metering = meteringFromEnv({ DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl, API_KEY_PEPPER: config.apiKeyPepper })
  try {
    const result = await run(metering, process.argv.slice(2))
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const code = (error as { code?: string }).code
    process.stderr.write(`verso admin: ${code ? `${code}: ` : ''}${message}\n`)
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      process.stderr.write(`${USAGE}\n`)
    }
    process.exitCode = 1
  } finally {
    await metering.close()
  }
}

void main()
