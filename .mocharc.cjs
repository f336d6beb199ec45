// One mocha run covers every tier; tsx compiles TypeScript on the fly.
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['*/src/**/*.spec.ts', '*/src/**/*.spec.tsx'],
  ignore: ['**/node_modules/**'],
  timeout: 20000,
  exit: true,
};
