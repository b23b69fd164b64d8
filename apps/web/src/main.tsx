import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadForChunkError } from './app/errors/chunkReload';
import './i18n';
import './styles/global.css';
import './styles/auth.css';

// a lazily loaded chunk whose file is gone (a new deployment): reload, at most once a minute
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
