import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { panelTarget, storeTarget } from '../lib/store-sections';

/** `/store` opens the store panel's first tab the account may open (spec §2), else its first other store screen. */
export function StoreRedirect() {
  const user = useCurrentUser();
  return <Navigate to={storeTarget(user.permissions)} replace />;
}

/** `/store/store-panel` opens the panel's first tab the account may open. */
export function StorePanelRedirect() {
  const user = useCurrentUser();
  return <Navigate to={panelTarget(user.permissions) ?? storeTarget(user.permissions)} replace />;
}
