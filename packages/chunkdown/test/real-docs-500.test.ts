import { describeRealDocuments } from './helpers/real-docs.js';

describeRealDocuments(500);
