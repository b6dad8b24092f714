import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ThemeProvider, useTheme } from '@/features/theme';
import { createQueryClient } from '@/lib/query-client';
import { toasterOptions } from './toaster-options';

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} {...toasterOptions} />;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* one provider: every tooltip opens after SPEC §9's delays, and a moved pointer skips them */}
        <TooltipProvider>{children}</TooltipProvider>
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
