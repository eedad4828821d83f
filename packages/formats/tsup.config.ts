import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {"index":"src/index.ts","json":"src/json/index.ts","yaml":"src/yaml/index.ts","po":"src/po/index.ts","properties":"src/properties/index.ts","strings":"src/strings/index.ts","xml":"src/xml/index.ts","placeholders":"src/placeholders/index.ts","plurals":"src/plurals/index.ts"},
  format: ['esm'],
  target: 'node20',
  dts: true,
  sourcemap: true,
  clean: true,
})
