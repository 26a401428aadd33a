import type {
  Category,
  CategoryBody,
  Package,
  PackageBody,
  Product,
  ProductBody,
  ProductImage,
  ProductsQuery,
  Service,
  ServiceBody,
  ServiceMetric,
  ServiceProvider,
  ServicesQuery,
  VariantsBody,
} from '@app/shared/schemas/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type Page<T> = { data: T[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };

/** Query keys of the catalogue screens; a write invalidates the lists it changes. */
export const catalogueKeys = {
  categories: ['categories'] as const,
  services: ['services'] as const,
  servicesPage: (q: Partial<ServicesQuery>) => ['services', 'page', q] as const,
  service: (id: string) => ['services', 'detail', id] as const,
  serviceProviders: (id: string) => ['services', 'providers', id] as const,
  metrics: ['services', 'metrics'] as const,
  products: ['products'] as const,
  productsPage: (q: Partial<ProductsQuery>) => ['products', 'page', q] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  packages: ['packages'] as const,
  package: (id: string) => ['packages', 'detail', id] as const,
  taxes: ['taxes', 'options'] as const,
};

// ---------------------------------------------------------------- categories
export const useCategories = () => useQuery({ queryKey: catalogueKeys.categories, queryFn: fetchData<Category[]>('categories') });
/** Creates (no id) or updates a category; answers with the saved category (the service form selects a new one). */
export const useSaveCategory = () =>
  useWriteMutation(
    ({ id, body }: { id?: string | null; body: CategoryBody }) =>
      id ? api.put<WriteResult & { data: Category }>(`categories/${id}`, body) : api.post<WriteResult & { data: Category }>('categories', body),
    [catalogueKeys.categories],
  );
export const useDeleteCategory = () => useDeleteMutation('categories', [catalogueKeys.categories]);
export const useReorderCategories = () =>
  useWriteMutation((ids: string[]) => api.put<WriteResult & { data: Category[] }>('categories/reorder', { ids }), [catalogueKeys.categories]);

// ---------------------------------------------------------------- services
export function useServices(query: Partial<ServicesQuery>) {
  return useQuery({
    queryKey: catalogueKeys.servicesPage(query),
    queryFn: ({ signal }) => api.get<Page<Service>>('services', query, signal),
    placeholderData: keepPreviousData,
  });
}
export const useService = (id: string | undefined) =>
  useQuery({ queryKey: catalogueKeys.service(id ?? ''), queryFn: fetchData<Service>(`services/${id}`), enabled: Boolean(id) });
/** Services change category counts too. */
const AFTER_SERVICE_WRITE = [catalogueKeys.services, catalogueKeys.categories];
export const useSaveService = () =>
  useWriteMutation(
    ({ id, body }: { id?: string; body: ServiceBody }) =>
      id ? api.put<WriteResult & { data: Service }>(`services/${id}`, body) : api.post<WriteResult & { data: Service }>('services', body),
    AFTER_SERVICE_WRITE,
  );
export const useDeleteService = () => useDeleteMutation('services', AFTER_SERVICE_WRITE);
export const useServiceProviders = (id: string | undefined) =>
  useQuery({ queryKey: catalogueKeys.serviceProviders(id ?? ''), queryFn: fetchData<ServiceProvider[]>(`services/${id}/providers`), enabled: Boolean(id) });
export const useAssignProviders = (id: string) =>
  useWriteMutation((providerIds: string[]) => api.put<WriteResult>(`services/${id}/providers`, { provider_ids: providerIds }), [
    catalogueKeys.serviceProviders(id),
    catalogueKeys.services,
  ]);
export const useServiceMetrics = () => useQuery({ queryKey: catalogueKeys.metrics, queryFn: fetchData<ServiceMetric[]>('service-metrics') });

export type TaxOption = { uuid: string; name: string; rate: number };
/**
 * The business's taxes for the service form (`GET taxes`). Quiet: a user without the taxes key, or
 * an older server, gets an empty list instead of an error toast.
 */
export const useTaxOptions = () =>
  useQuery({
    queryKey: catalogueKeys.taxes,
    queryFn: async (): Promise<TaxOption[]> => {
      try {
        const body = await apiRequest<{ data?: unknown }>('taxes', { quiet: true });
        return Array.isArray(body?.data) ? (body.data as TaxOption[]) : [];
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
    retry: false,
  });

// ---------------------------------------------------------------- products
export function useProducts(query: Partial<ProductsQuery>) {
  return useQuery({
    queryKey: catalogueKeys.productsPage(query),
    queryFn: ({ signal }) => api.get<Page<Product>>('products', query, signal),
    placeholderData: keepPreviousData,
  });
}
export const useProduct = (id: string | undefined) =>
  useQuery({ queryKey: catalogueKeys.product(id ?? ''), queryFn: fetchData<Product>(`products/${id}`), enabled: Boolean(id) });
const AFTER_PRODUCT_WRITE = [catalogueKeys.products, catalogueKeys.categories];
export const useSaveProduct = () =>
  useWriteMutation(
    ({ id, body }: { id?: string; body: ProductBody }) =>
      id ? api.put<WriteResult & { data: Product }>(`products/${id}`, body) : api.post<WriteResult & { data: Product }>('products', body),
    AFTER_PRODUCT_WRITE,
  );
export const useDeleteProduct = () => useDeleteMutation('products', AFTER_PRODUCT_WRITE);
export const useSaveVariants = (id: string) =>
  useWriteMutation((body: VariantsBody) => api.put<WriteResult & { data: Product }>(`products/${id}/variants`, body), [catalogueKeys.products]);
type ImagesResult = WriteResult & { data: ProductImage[] };
export const useUploadImages = (id: string) =>
  useWriteMutation((files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append('images', f);
    return apiRequest<ImagesResult>(`products/${id}/images`, { method: 'POST', body: form });
  }, [catalogueKeys.products]);
export const useSetMainImage = (id: string) =>
  useWriteMutation((imageId: string) => api.put<ImagesResult>(`products/${id}/images/${imageId}/main`, {}), [catalogueKeys.products]);
export const useDeleteImage = (id: string) =>
  useWriteMutation((imageId: string) => api.delete<ImagesResult>(`products/${id}/images/${imageId}`), [catalogueKeys.products]);

// ---------------------------------------------------------------- packages
export const usePackages = () => useQuery({ queryKey: catalogueKeys.packages, queryFn: fetchData<Package[]>('packages') });
export const usePackage = (id: string | undefined) =>
  useQuery({ queryKey: catalogueKeys.package(id ?? ''), queryFn: fetchData<Package>(`packages/${id}`), enabled: Boolean(id) });
export const useSavePackage = () => useSaveMutation<PackageBody>('packages', [catalogueKeys.packages]);
export const useDeletePackage = () => useDeleteMutation('packages', [catalogueKeys.packages]);
