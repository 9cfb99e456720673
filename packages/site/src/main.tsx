import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createClient } from '@lobby/sdk';
import { readLobbyConfig } from './app/config.js';
import { LobbyContext } from './app/lobby-context.js';
import { captureInviteCodes } from './modules/invite-codes.js';
import { safeStorage } from './modules/safe-storage.js';
import { isMobileUserAgent } from './modules/user-agent.js';
import { schedulePageView } from './routes/agents/page-view.js';
import { SiteRoutes } from './routes.js';

// The site's entry (assets/main.js). A mobile user agent renders nothing (spec section 1).
const root = document.getElementById('root');
if (root && !isMobileUserAgent(navigator.userAgent)) {
  captureInviteCodes(location.search, safeStorage(() => sessionStorage));
  const config = readLobbyConfig(document);
  const client = createClient({ baseUrl: config.apiBase, siteId: config.siteId, signKey: config.signKey });
  document.documentElement.dataset.brand = config.brand;
  schedulePageView(client, new URLSearchParams(location.search), location.pathname);
  createRoot(root).render(
    <StrictMode>
      <LobbyContext.Provider value={{ config, client }}>
        <BrowserRouter>
          <SiteRoutes />
        </BrowserRouter>
      </LobbyContext.Provider>
    </StrictMode>,
  );
}
