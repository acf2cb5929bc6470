// No zodJitless here: the login page builds no schema (tests/unit/bundle-boundaries.test.ts keeps zod out of it).
import '@blueprintjs/core/lib/css/blueprint.css';
import '../../src/ui/colors.css';
import './login.css';
import { createRoot } from 'react-dom/client';
import { createPageClient } from '../../src/session/createClient.js';
import { installChineseLabels } from '../../src/ui/chineseLabels.js';
import { warnOldBrowser } from '../../src/util/browserWarning.js';
import { LoginPage } from './LoginPage.js';

const { client } = createPageClient();
warnOldBrowser(navigator.userAgent);
installChineseLabels();
const root = document.getElementById('root');
if (root) createRoot(root).render(<LoginPage client={client} />);
