import devServer from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import { constants } from 'node:zlib';
import { defineConfig, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Two of the bundler's messages are not about our code: htmx's one direct `eval` runs only with its allowEval, which
// the page turns off (src/ui/document.tsx) and the CSP forbids; timings measure the machine. Every other warning shows.
const rolldownOptions = {
  checks: { bundlerTimings: false },
  onLog(level, log, handler) {
    if (log.code === 'EVAL' && log.id?.includes('/node_modules/htmx.org/')) return;
    handler(level, log);
  },
} satisfies Rolldown.RolldownOptions;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    // Client files are compressed once here (best brotli and gzip); the server picks by Accept-Encoding.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|txt|json)$/,
        exclude: /\.vite\//,
        threshold: 512,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
    devServer({
      entry: 'src/dev.ts',
      injectClientScript: false,
      exclude: [/^\/(islands|src|node_modules|@vite|@fs|@id)\/.*/, /^\/@.+$/, /\.(css|ts|tsx|js|map)(\?.*)?$/],
    }),
  ],
  server: { port: Number(process.env.PORT ?? 5000) },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false, rolldownOptions }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          ...rolldownOptions,
          input: ['islands/app.ts', 'islands/htmx.ts', 'islands/public.ts', 'islands/client.ts', 'src/ui/styles.css'],
        },
      },
}));
