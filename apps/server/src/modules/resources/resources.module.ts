import { sql } from 'drizzle-orm';
import { defineModule, keep } from '../../platform/module.ts';
import { resourcesRoutes } from './resources.routes.ts';
import { resourcesSeed } from './resources.seed.ts';
import { resourcesSocket } from './resources.socket.ts';
import { resourceItems } from './resources.table.ts';

/** Resources (spec 3): folders, files, images and links; owners rename, hide and delete (docs/decisions.md "Resources"). */
export const resourcesModule = defineModule({
  name: 'resources',
  firstScreen: [{ page: '/resources/:app_module_id', reads: ['/resources/:app_module_id/items?page=1&per-page=50'] }],
  routes: resourcesRoutes,
  socket: resourcesSocket,
  seed: resourcesSeed,
  memberData: [keep(resourceItems.userId, "folders, files and links others read (the adder is never shown); the app's owners manage them")],
  // A file or image item holds its upload.
  holdsUploads: sql`select ${resourceItems.uploadId} from ${resourceItems}`,
});
