export { buildApp, type App, type AppDeps } from './app.js'
export { configFromEnv, ConfigError, type Config } from './config.js'
export { createServices, type Services } from './services.js'
export { HttpError, STATUS_BY_CODE } from './http-errors.js'
