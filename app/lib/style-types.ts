import type { DetailLevel, ImageSize } from "./pricing";

/** A style as the browser sees it (the API's and the loader's shape). */
export interface StyleView {
  id: string;
  name: string;
  source: "text" | "image";
  description: string;
  palette: string[];
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
  createdAt: string;
  anchors: {
    id: string;
    url: string;
    subject: string;
    width: number;
    height: number;
    hasAlpha: boolean;
    /** The stored file's format: "png" or "webp". */
    format: string;
  }[];
  references: { id: string; url: string }[];
  job: {
    id: string;
    status: "queued" | "running" | "succeeded" | "failed" | "canceled";
    error: string | null;
    refunded: boolean;
    credits: number;
  } | null;
}

export interface ProviderView {
  id: string;
  model: string;
  label: string;
}

export const ANCHOR_COUNT = 4;
