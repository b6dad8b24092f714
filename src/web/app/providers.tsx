import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { ThemeProvider, useTheme } from '@/features/theme';
import { createQueryClient } from '@/lib/query-client';

const TOAST_DURATION_MS = 3000; // SPEC §9

function ThemedToaster() {
  const { theme } = useTheme();
  // SPEC §8: at most one toast visible at a time
  return <Toaster theme={theme} visibleToasts={1} duration={TOAST_DURATION_MS} />;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
