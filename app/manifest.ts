import { webManifest } from "@/components/shell/site-files";

export default webManifest;
