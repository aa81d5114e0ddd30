// The product, category and fare the flow has chosen, loaded from the catalogue; screens that need them render
// through <WithChoice>. A flow that lost its choice (a new tab, another city) is offered a fresh start.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { loadProduct } from '../common/api';
import { useFlow } from '../common/flow';
import { startFlow, type Category, type Fare, type Flow, type Product } from '../common/model';
import { CityGate, ListSkeleton, LoadError, paths, ProblemPanel, RequireSignIn, styles, useAsync, useT } from '../common/ui';

export interface Choice {
  city: string;
  product: Product;
  category: Category | null;
  fare: Fare | null;
  flow: Flow;
}

/** Signed in, passes on in the city, the product loaded. `configId` from the URL starts the flow on that product. */
export function WithProduct({ configId, children }: { configId?: string; children: (c: Choice) => ReactNode }) {
  return (
    <RequireSignIn>
      <CityGate>
        {(city) => (
          <Loaded city={city} configId={configId}>
            {children}
          </Loaded>
        )}
      </CityGate>
    </RequireSignIn>
  );
}

function Loaded({ city, configId, children }: { city: string; configId?: string; children: (c: Choice) => ReactNode }) {
  const t = useT();
  const [flow, setFlow] = useFlow();
  const id = configId ?? (flow.city === city ? flow.configId : null);
  useEffect(() => {
    if (configId && (flow.city !== city || flow.configId !== configId)) setFlow((f) => startFlow(f, city, configId));
  }, [configId, city, flow.city, flow.configId, setFlow]);
  const product = useAsync(id ? () => loadProduct(city, id) : null, `${city}/${id}`);
  if (!id) return <StartAgain />;
  if (product.status === 'loading' || (configId && flow.configId !== configId)) return <ListSkeleton rows={3} />;
  if (product.status === 'error')
    return product.error.code === 'PRODUCT_NOT_FOUND' ? <ProblemPanel error={product.error} /> : <LoadError error={product.error} onRetry={product.retry} />;
  const p = product.data;
  const category = p.categories.find((c) => c.id === flow.categoryId) ?? null;
  const fare = category ? ((p.fareMapping[category.id] ?? []).find((f) => f.fmId === flow.fmId) ?? null) : null;
  return <>{children({ city, product: p, category, fare, flow })}</>;
}

/** The flow has nothing chosen (or a choice the catalogue no longer has). */
export function StartAgain({ reason }: { reason?: string }) {
  const t = useT();
  return (
    <div className={styles.empty} role="status">
      <p>{reason ?? t('flow.lost')}</p>
      <Link className={styles.linkButton} to={paths.home}>
        {t('flow.startAgain')}
      </Link>
    </div>
  );
}

/** Children only when a category and fare are chosen. */
export function WithFare({ children }: { children: (c: Choice & { category: Category; fare: Fare }) => ReactNode }) {
  const t = useT();
  return (
    <WithProduct>
      {(c) =>
        c.category && c.fare ? children(c as Choice & { category: Category; fare: Fare }) : <StartAgain reason={c.flow.fmId ? t('flow.fareGone') : undefined} />
      }
    </WithProduct>
  );
}
