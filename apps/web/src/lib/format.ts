/** The shared formatters (numbers, money, dates) live in @app/shared/format: the API's documents use them too. */
export * from '@app/shared/format';
