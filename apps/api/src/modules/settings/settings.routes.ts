
import {
  bankAccountBody,
  bankAccountSchema,
  customFieldBody,
  customFieldSchema,
  customFieldsQuery,
  expenseBody,
  expenseSchema,
  expensesPage,
  expensesQuery,
  expenseTypeBody,
  expenseTypeSchema,
  generalSettingsBody,
  generalSettingsSchema,
  paymentMethodBody,
  paymentMethodSchema,
  reasonBody,
  reasonSchema,
  reasonsQuery,
  salesSettingsBody,
  salesSettingsSchema,
  slugParam,
  statusLabelBody,
  statusLabelSchema,
  statusParam,
  tagBody,
  tagSchema,
  taxBody,
  taxSchema,
} from '@app/shared/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { taxes } from '../../db/schema/business';
import { customFields, tags } from '../../db/schema/customers';
import { bankAccounts, cancellationReasons, expenses, expenseTypes } from '../../db/schema/settings';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import type { AuthContext } from '../auth/auth.service';
import { createSettingsService } from './settings.service';
import { crudRoutes, ctxOf, listOf, one, written } from '../../lib/http';



type Table = NonNullable<RouteGuard['resources']>[string];

/**
 * Business settings (issue 4 §4): general, taxes, tags, cancellation reasons, custom fields, booking
 * status labels, payment methods and bank accounts, expense types and expenses.
 */
export const settingsRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  const settings = createSettingsService(deps);

  /**
   * GET list, GET one, POST, PUT, DELETE for one table. `readers` may list it too (other screens
   * pick from it: the customer form lists tags, the service form lists taxes).
   */
  function crud<I extends z.ZodType, B extends z.ZodType>(opts: {
    path: string;
    tag: string;
    table: Table;
    write: RouteGuard['permissions'];
    readers?: RouteGuard['permissions'];
    item: I;
    body: B;
    list: (ctx: AuthContext) => Promise<z.infer<I>[]>;
    get: (ctx: AuthContext, id: string) => Promise<z.infer<I>>;
    save: (ctx: AuthContext, id: string | null, body: z.output<B>) => Promise<z.infer<I>>;
    remove: (ctx: AuthContext, id: string) => Promise<void>;
  }) {
    crudWithoutList(opts, opts.list);
  }

  // ------------------------------------------------------------ general: settings.general_setting
  {
    const config: RouteGuard = { permissions: ['settings.general_setting'] };
    const tags = ['settings'];
    app.get('/settings/general', { config, schema: { tags, response: { 200: one(generalSettingsSchema) } } }, async (request) => ({
      data: await settings.getGeneral(ctxOf(request)),
    }));
    app.post('/settings/general', { config, schema: { tags, body: generalSettingsBody, response: { 200: written(generalSettingsSchema) } } }, async (request) => ({
      message: t('settings_saved', request.locale),
      data: await settings.saveGeneral(ctxOf(request), request.body),
    }));
  }

  // ------------------------------------------------------------ sales: the receipt's VAT number and the checkout default
  {
    const tags = ['settings'];
    // Checkout reads the default and the receipt shows the number, so the order and payment keys read it too.
    const read: RouteGuard = { permissions: ['settings.taxes', 'settings.general_setting', 'settings.payments', 'orders', 'sales.payments'] };
    const write: RouteGuard = { permissions: ['settings.taxes', 'settings.general_setting'] };
    app.get('/settings/sales', { config: read, schema: { tags, summary: 'VAT number printed on receipts, and the checkout default', response: { 200: one(salesSettingsSchema) } } }, async (request) => ({
      data: await settings.getSales(ctxOf(request)),
    }));
    app.post('/settings/sales', { config: write, schema: { tags, body: salesSettingsBody, response: { 200: written(salesSettingsSchema) } } }, async (request) => ({
      message: t('settings_saved', request.locale),
      data: await settings.saveSales(ctxOf(request), request.body),
    }));
  }

  // ------------------------------------------------------------ taxes: settings.taxes (the service form reads them)
  crud({
    path: 'taxes',
    tag: 'taxes',
    table: taxes,
    write: ['settings.taxes'],
    readers: ['services'],
    item: taxSchema,
    body: taxBody,
    list: settings.listTaxes,
    get: settings.getTax,
    save: (ctx, id, body) => (id ? settings.updateTax(ctx, id, body) : settings.createTax(ctx, body)),
    remove: settings.removeTax,
  });

  // ------------------------------------------------------------ tags: settings.tags (the customer screens read them)
  crud({
    path: 'tags',
    tag: 'tags',
    table: tags,
    write: ['settings.tags'],
    readers: ['customers'],
    item: tagSchema,
    body: tagBody,
    list: settings.listTags,
    get: settings.getTag,
    save: settings.saveTag,
    remove: settings.removeTag,
  });

  // ------------------------------------------------------------ cancellation reasons: settings.reasons
  {
    const tags = ['reasons'];
    const read: RouteGuard = { permissions: ['settings.reasons', 'bookings', 'orders'] };
    app.get('/reasons', { config: read, schema: { tags, querystring: reasonsQuery, response: { 200: listOf(reasonSchema) } } }, async (request) => ({
      data: await settings.listReasons(ctxOf(request), request.query.type),
    }));
  }
  crudWithoutList({
    path: 'reasons',
    tag: 'reasons',
    table: cancellationReasons,
    write: ['settings.reasons'],
    readers: ['bookings', 'orders'],
    item: reasonSchema,
    body: reasonBody,
    get: settings.getReason,
    save: settings.saveReason,
    remove: settings.removeReason,
  });

  // ------------------------------------------------------------ custom fields: settings.custom_fields
  {
    const tags = ['custom-fields'];
    const read: RouteGuard = { permissions: ['settings.custom_fields', 'customers', 'bookings'] };
    app.get('/custom-fields', { config: read, schema: { tags, querystring: customFieldsQuery, response: { 200: listOf(customFieldSchema) } } }, async (request) => ({
      data: await settings.listCustomFields(ctxOf(request), request.query.applies_to),
    }));
  }
  crudWithoutList({
    path: 'custom-fields',
    tag: 'custom-fields',
    table: customFields,
    write: ['settings.custom_fields'],
    readers: ['customers', 'bookings'],
    item: customFieldSchema,
    body: customFieldBody,
    get: settings.getCustomField,
    save: settings.saveCustomField,
    remove: settings.removeCustomField,
  });

  // ------------------------------------------------------------ booking status labels: settings.labels
  {
    const tags = ['booking-status-labels'];
    const read: RouteGuard = { permissions: ['settings.labels', 'bookings', 'calendar.all', 'calendar_only_staff'] };
    // :status is one of the fixed booking statuses (not a tenant row); an unknown one is a 404.
    const write: RouteGuard = { permissions: ['settings.labels'], globalParams: true };
    app.get('/booking-status-labels', { config: read, schema: { tags, response: { 200: listOf(statusLabelSchema) } } }, async (request) => ({
      data: await settings.listStatusLabels(ctxOf(request)),
    }));
    app.put(
      '/booking-status-labels/:status',
      { config: write, schema: { tags, params: statusParam, body: statusLabelBody, response: { 200: written(statusLabelSchema) } } },
      async (request) => ({
        message: t('updated', request.locale),
        data: await settings.saveStatusLabel(ctxOf(request), request.params.status, request.body),
      }),
    );
    app.delete('/booking-status-labels/:status', { config: write, schema: { tags, params: statusParam, response: { 200: written(statusLabelSchema) } } }, async (request) => ({
      message: t('status_label_reset', request.locale),
      data: await settings.resetStatusLabel(ctxOf(request), request.params.status),
    }));
  }

  // ------------------------------------------------------------ payment methods and bank accounts: settings.payment_methods
  {
    const tags = ['payment-methods'];
    const read: RouteGuard = { permissions: ['settings.payment_methods', 'settings.payments'] };
    const write: RouteGuard = { permissions: ['settings.payment_methods'], globalParams: true };
    app.get('/payment-methods', { config: read, schema: { tags, response: { 200: listOf(paymentMethodSchema) } } }, async (request) => ({
      data: await settings.listPaymentMethods(ctxOf(request)),
    }));
    app.put(
      '/payment-methods/:slug',
      { config: write, schema: { tags, params: slugParam, body: paymentMethodBody, response: { 200: written(paymentMethodSchema) } } },
      async (request) => {
        const data = await settings.setPaymentMethod(ctxOf(request), request.params.slug, request.body.enabled);
        return { message: t(data.enabled ? 'activated' : 'deactivated', request.locale), data };
      },
    );
  }
  crud({
    path: 'bank-accounts',
    tag: 'bank-accounts',
    table: bankAccounts,
    write: ['settings.payment_methods'],
    readers: ['settings.payments'],
    item: bankAccountSchema,
    body: bankAccountBody,
    list: settings.listBankAccounts,
    get: settings.getBankAccount,
    save: settings.saveBankAccount,
    remove: settings.removeBankAccount,
  });

  // ------------------------------------------------------------ expense types: type-expenses (the expense form reads them)
  crud({
    path: 'expense-types',
    tag: 'expense-types',
    table: expenseTypes,
    write: ['type-expenses'],
    readers: ['expenses'],
    item: expenseTypeSchema,
    body: expenseTypeBody,
    list: settings.listExpenseTypes,
    get: settings.getExpenseType,
    save: settings.saveExpenseType,
    remove: settings.removeExpenseType,
  });

  // ------------------------------------------------------------ expenses: expenses
  {
    const tags = ['expenses'];
    const read: RouteGuard = { permissions: ['expenses'] };
    app.get('/expenses', { config: read, schema: { tags, querystring: expensesQuery, response: { 200: expensesPage } } }, async (request) =>
      settings.listExpenses(ctxOf(request), request.query),
    );
  }
  crudWithoutList({
    path: 'expenses',
    tag: 'expenses',
    table: expenses,
    write: ['expenses'],
    item: expenseSchema,
    body: expenseBody,
    get: settings.getExpense,
    save: settings.saveExpense,
    remove: settings.removeExpense,
  });

  /** The same routes as `crud` but the list, which takes a query and is declared by the caller. */
  function crudWithoutList<I extends z.ZodType, B extends z.ZodType>(opts: {
    path: string;
    tag: string;
    table: Table;
    write: RouteGuard['permissions'];
    readers?: RouteGuard['permissions'];
    item: I;
    body: B;
    get: (ctx: AuthContext, id: string) => Promise<z.infer<I>>;
    save: (ctx: AuthContext, id: string | null, body: z.output<B>) => Promise<z.infer<I>>;
    remove: (ctx: AuthContext, id: string) => Promise<void>;
  }, list?: (ctx: AuthContext) => Promise<z.infer<I>[]>) {
    crudRoutes(app, {
      path: `/${opts.path}`,
      tags: [opts.tag],
      guard: { permissions: opts.write },
      ...(opts.readers ? { readers: opts.readers } : {}),
      table: opts.table,
      body: opts.body,
      item: opts.item,
      service: {
        ...(list ? { list } : {}),
        get: opts.get,
        create: (ctx, body) => opts.save(ctx, null, body),
        update: (ctx, id, body) => opts.save(ctx, id, body),
        remove: opts.remove,
      },
    });
  }
};
