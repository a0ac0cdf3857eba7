import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { i18nReady } from './i18n';
import { registerServiceWorker } from './pwa';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// A page opened in Greek first loads its texts (English, the fallback, is in the bundle).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
