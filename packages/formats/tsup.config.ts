import { libraryConfig } from '../../tsup.shared.js'

export default libraryConfig({"index":"src/index.ts","json":"src/json/index.ts","yaml":"src/yaml/index.ts","po":"src/po/index.ts","properties":"src/properties/index.ts","strings":"src/strings/index.ts","xml":"src/xml/index.ts","placeholders":"src/placeholders/index.ts","plurals":"src/plurals/index.ts"})
