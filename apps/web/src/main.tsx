import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/i18n/i18n.ts';
import './styles.css';
import { Providers } from '@/app/providers.tsx';
import { AppRouter } from '@/app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
