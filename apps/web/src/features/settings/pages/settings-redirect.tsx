import { Navigate } from 'react-router';

/** `/settings` opens the settings hub (spec §2). */
export function SettingsRedirect() {
  return <Navigate to="/settings/panel" replace />;
}
