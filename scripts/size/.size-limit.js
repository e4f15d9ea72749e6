// @ts-check
/**
 * The byte budgets of budgets.js as size-limit checks (`pnpm --filter @baton/size test`, run in CI): each entry
 * bundled by esbuild, minified and tree-shaken into one file (a dynamic import counts as if it were static),
 * measured minified and, where it has a gzip budget, gzipped.
 */
import { BUDGETS } from './budgets.js';

export default BUDGETS.flatMap((budget) => {
  const check = {
    path: budget.path,
    ...(budget.importing ? { import: budget.importing } : {}),
    ...(budget.esbuild ? { modifyEsbuildConfig: budget.esbuild } : {}),
  };
  return [
    {
      name: `${budget.name}, minified`,
      ...check,
      gzip: false,
      brotli: false,
      limit: `${budget.limitKiB} KiB`,
    },
    ...(budget.limitGzipKiB === undefined
      ? []
      : [{ name: `${budget.name}, gzipped`, ...check, gzip: true, limit: `${budget.limitGzipKiB} KiB` }]),
  ];
});
