// Marks the JavaScript that every page runs while it hydrates for eager
// compilation, with V8's file-level compile hint (Chrome 136 and later).
//
// Without the hint V8 only pre-parses each webpack module factory when the
// chunk arrives, and compiles it on the main thread the first time it runs.
// All first-load modules run in one task when the last chunk arrives, so that
// compilation lengthened the longest task of every page. With the hint the
// functions are compiled while the chunk streams in, off the main thread.
// Other engines read the line as a comment.
//
// Only chunks that can load with the page get the hint. Chunks loaded on
// demand (the cart dialog, the video dialog, the order toast) keep V8's lazy
// default: most visits never run them.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const NAME = 'EagerCompileHintPlugin';

export class EagerCompileHintPlugin {
  /** @param {typeof import('webpack')} webpack the instance Next.js passes to its webpack hook */
  constructor(webpack) {
    this.webpack = webpack;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, which would strip the comment, and before the
        // content hashes are taken, so that file names stay true.
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          for (const chunk of compilation.chunks) {
            // Polyfills only load in browsers without module support.
            if (!chunk.canBeInitial() || chunk.name === 'polyfills') continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}
