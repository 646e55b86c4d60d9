import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '@/i18n/i18n.ts';
import './styles.css';
import { Providers } from '@/app/providers.tsx';
import { createAppRouter } from '@/app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
