// One mocha run covers every tier; tsx compiles TypeScript on the fly. tsx only applies a
// tsconfig whose files include the module, and the root one lists none (it is the tsc -b
// solution), so point it at the shared base for the JSX runtime and friends.
process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, 'tsconfig.base.json');
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['*/src/**/*.spec.ts', '*/src/**/*.spec.tsx'],
  ignore: ['**/node_modules/**'],
  timeout: 20000,
  exit: true,
};
