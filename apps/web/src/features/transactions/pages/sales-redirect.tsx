import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';

/**
 * `/sales` opens the refunded orders (spec §2); the transactions for a user who may see payments but
 * not invoices; the quotations for a user who holds only that key.
 */
export function SalesRedirect() {
  const { permissions } = useCurrentUser();
  const invoices = permissions.includes('sales.invoices') || permissions.includes('orders');
  const to = invoices ? '/sales/refunded-orders' : permissions.includes('transaction') || permissions.includes('sales.payments') ? '/sales/transactions' : '/sales/quotations';
  return <Navigate to={to} replace />;
}
