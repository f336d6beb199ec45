import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles.css';
import './components/media-picker/media-picker.css';
import './features/media/media-library.css';
import './features/menu/menu.css';
import './features/site-structure/site-structure.css';
import './features/settings/site-settings.css';
import './features/search/search-index.css';
import './features/tags/tags.css';
import './features/pages/page-tags.css';
import './features/newsletter-popup/newsletter-popup.css';
import './features/forms/forms.css';
import './features/pages/version-comparison.css';
import './features/audit/audit-log.css';
import './features/pages/schedule.css';
import './features/releases/releases.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
