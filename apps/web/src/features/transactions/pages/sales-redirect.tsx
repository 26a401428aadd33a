import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';

/**
 * `/sales` opens the refunded orders (spec §2), or the transactions for a user who may see payments
 * but not invoices.
 */
export function SalesRedirect() {
  const { permissions } = useCurrentUser();
  const invoices = permissions.includes('sales.invoices') || permissions.includes('orders');
  return <Navigate to={invoices ? '/sales/refunded-orders' : '/sales/transactions'} replace />;
}
