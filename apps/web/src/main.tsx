import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { createStore } from '@/app/store';
import { tokenStorage } from '@/app/token-storage';
import './styles.css';

tokenStorage.forceLightTheme();
const store = createStore();
const router = createAppRouter(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store} router={router} />
  </StrictMode>,
);
