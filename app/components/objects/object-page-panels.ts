import { lazyComponent } from "../ui/loaded-on-use";

// The object page's panels below the first screen, drawn after hydration: their code loads then
// (docs/decisions/127). Their modules load together, when the first is drawn (decision 142): one
// by one, each would suspend the drawing once more, and the page would draw every panel before it
// again each time.
let panelModules: Promise<Awaited<ReturnType<typeof importPanels>>> | null = null;
function importPanels() {
  return Promise.all([
    import("./outpaint-panel"),
    import("./game-asset-panels"),
    import("./variations-panel"),
    import("./views-panel"),
    import("./image-details"),
  ]);
}
const loadPanels = () =>
  (panelModules ??= importPanels().catch((error: unknown) => {
    panelModules = null;
    throw error;
  }));
export const OutpaintPanel = lazyComponent(() => loadPanels().then(([outpaint]) => outpaint.OutpaintPanel));
export const GameAssetPanels = lazyComponent(() => loadPanels().then(([, game]) => game.GameAssetPanels));
export const VariationsPanel = lazyComponent(() => loadPanels().then(([, , variations]) => variations.VariationsPanel));
export const ViewsPanel = lazyComponent(() => loadPanels().then(([, , , views]) => views.ViewsPanel));
export const ImageDetails = lazyComponent(() => loadPanels().then(([, , , , details]) => details.ImageDetails));
