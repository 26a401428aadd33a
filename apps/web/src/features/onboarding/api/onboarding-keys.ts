export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: () => [...onboardingKeys.all, 'status'] as const,
  industries: () => [...onboardingKeys.all, 'industries'] as const,
  domains: (subdomain: string, name: string) => [...onboardingKeys.all, 'domains', subdomain, name] as const,
};
