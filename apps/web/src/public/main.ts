// The public pages' one script (decision 075): the server rendered the page with React; this enhances the parts that
// react to the visitor, each only when the page has its element. No React, router, query layer, i18n or zod here.
import '../styles.css';
import { enhancePage } from './enhance.ts';

enhancePage(document);
