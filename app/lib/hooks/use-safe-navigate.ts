import { useCallback } from "react";
import { useNavigate, type NavigateOptions } from "react-router";
import { resolveNavigation } from "#domain/navigation";

/**
 * navigate() that refuses external addresses unless asked with `external: true`
 * (spec §8). Local targets stay client-side; external ones load the page.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: NavigateOptions & { external?: boolean } = {}) => {
      const { external, ...rest } = options;
      const target = resolveNavigation(to, { origin: window.location.origin, external });
      if (target.external) window.location.assign(target.url);
      else void navigate(target.path, rest);
    },
    [navigate],
  );
}
