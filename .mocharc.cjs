// One mocha run covers every tier; tsx compiles TypeScript on the fly. tsx only applies a
// tsconfig whose files include the module, and the root one lists none (it is the tsc -b
// solution), so point it at the shared base for the JSX runtime and friends.
process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, 'tsconfig.base.json');
module.exports = {
  'node-option': ['import=tsx'],
  // The admin's UI specs render into a browser document; it is set up before any module loads
  // (react-dom looks for it once) and adds only what Node lacks, so the server's specs run as before.
  require: ['admin-web/src/testing/dom.ts'],
  // The blob stores' flat-memory checks measure this process's RSS while 150 MB stream through:
  // they run first, before 3,000 other tests have grown the process and its garbage (late in the
  // run, uncollected Buffers once pushed one reading over its 64 MB by themselves).
  file: ['storage/src/blob-store/blob-store.int.spec.ts'],
  spec: ['*/src/**/*.spec.ts', '*/src/**/*.spec.tsx'],
  ignore: ['**/node_modules/**', '**/storage/src/blob-store/blob-store.int.spec.ts'],
  timeout: 20000,
  exit: true,
};
