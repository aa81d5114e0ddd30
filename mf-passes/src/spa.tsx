// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from '@sawari/ui';
import { PASSES_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from '@sawari/ui/src/intl';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
// Catalogue and link screens share one chunk; so do the purchase steps, and the document steps.
const catalogue = () => import(/* webpackChunkName: "screen-products" */ './features/products/ProductsScreen');
const links = () => import(/* webpackChunkName: "screen-products" */ './features/products/LinkScreens');
const buy = () => import(/* webpackChunkName: "screen-buy" */ './features/buy/BuyScreens');
const docs = () => import(/* webpackChunkName: "screen-documents" */ './features/documents/DocumentScreens');
const lazy = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => React.lazy(() => load().then((m) => ({ default: pick(m) })));

const screens: Record<Screen, React.LazyExoticComponent<React.ComponentType>> = {
  products: React.lazy(catalogue),
  productLanding: lazy(links, (m) => m.ProductLandingScreen),
  offers: lazy(links, (m) => m.OffersScreen),
  bookProduct: lazy(links, (m) => m.BookProductScreen),
  bookTicket: lazy(links, (m) => m.BookTicketScreen),
  buyPass: lazy(links, (m) => m.BuyPassScreen),
  subCategory: lazy(buy, (m) => m.SubCategoryScreen),
  fares: lazy(buy, (m) => m.FaresScreen),
  fareConfirm: lazy(buy, (m) => m.FareConfirmScreen),
  details: lazy(buy, (m) => m.DetailsScreen),
  confirmPay: lazy(buy, (m) => m.ConfirmPayScreen),
  document: lazy(docs, (m) => m.DocumentScreen),
  upload: lazy(docs, (m) => m.UploadScreen),
  verify: lazy(docs, (m) => m.VerifyScreen),
  pending: lazy(docs, (m) => m.PendingScreen),
  submitted: lazy(docs, (m) => m.SubmittedScreen),
  afterVerification: lazy(docs, (m) => m.AfterVerificationScreen),
  resubmit: lazy(docs, (m) => m.ResubmitScreen),
  success: React.lazy(() => import(/* webpackChunkName: "screen-success" */ './features/success/BookingSuccessScreen')),
};

function Loading() {
  return (
    <div style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' }} role="status" aria-label="Loading">
      <Skeleton width="60%" height="2rem" />
      <Skeleton height="3.25rem" />
      <Skeleton height="3.25rem" />
    </div>
  );
}

function Root() {
  return (
    <Provider store={sawariStore}>
      <SawariIntlProvider remote={PASSES_CATALOG} fallback={<Loading />}>
        <BrowserRouter basename="/app">
          <ScreenErrorBoundary remote="mf_passes">
            <React.Suspense fallback={<Loading />}>
              <Routes>
                {routes.map((r) => {
                  const Screen = screens[r.screen];
                  return <Route key={r.path} path={r.path} element={<Screen />} />;
                })}
              </Routes>
            </React.Suspense>
          </ScreenErrorBoundary>
        </BrowserRouter>
      </SawariIntlProvider>
    </Provider>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes the element to mount into (#sawari-outlet) as a prop; this is only the fallback.
  domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
  errorBoundary: () => <p role="alert">This part of Sawari failed. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;
