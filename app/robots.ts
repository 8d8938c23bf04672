import { robotsRules } from "@/components/shell/site-files";

export default robotsRules;
