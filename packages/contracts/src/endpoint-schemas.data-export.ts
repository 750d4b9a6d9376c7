/**
 * The schemas of the data export's endpoints (issue 30 item 1), beside the app's others
 * (endpoint-schemas.app.ts); endpoint-schemas.ts joins them.
 */
import { dataExportStatusSchema } from './data-export.ts';
import { answering, idParams, tagged } from './route-schema.ts';

const status = answering(dataExportStatusSchema);

export const dataExportEndpointSchemas = {
  dataExport: tagged(['accounts'], {
    status: status({
      summary: "The member's latest data export: requested, being prepared, ready or expired",
    }),
    request: answering(
      dataExportStatusSchema,
      202,
    )({ summary: 'Ask for an archive of all own data (once a day; a mail brings its link)' }),
    download: {
      summary: 'The archive (zip), for its owner only, for 7 days; every download is logged',
      params: idParams,
    },
  }),
};
