/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
module.exports = {
  schemaFile: './src/api/generated/openapi.json',
  apiFile: './src/api/base-api.ts',
  apiImport: 'baseApi',
  outputFile: './src/api/generated/hookwall-api.ts',
  exportName: 'hookwallApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
};
