import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { loadAssets } from './ui/assets';

// Entry for `npm run dev` (Vite + @hono/vite-dev-server): sources are served by Vite.
const started = bootstrap(loadConfig(), { assets: loadAssets({ dev: true }) });
export default {
  fetch: async (req: Request, env: unknown) => (await started).app.fetch(req, env),
};
