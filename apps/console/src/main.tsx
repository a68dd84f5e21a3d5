import { createRoot } from 'react-dom/client';
import { Root } from './app/root.tsx';
import { initI18n, initialLocale } from './lib/i18n.ts';
import './ui/ui.css';
import './app/layout.css';

const root = document.getElementById('root');
if (root) {
  void initI18n(initialLocale()).then(() => createRoot(root).render(<Root />));
}
