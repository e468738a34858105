import { Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, ReferenceInput, SelectInput, useListContext, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type RewardReportRequest } from '@lp/shared/contract';
import type { ReportKey } from '@lp/shared/rules';
import { ReportRequestButton, useMayRequestReports } from '../../common/ReportButton.tsx';

const CAMPAIGNS = ADMIN_RESOURCES.reward_campaigns.name;

/** The lists' campaign filter (the reports are per campaign: RewardReportRequest). */
export const campaignFilter = (
  <ReferenceInput key="campaign_id" source="campaign_id" reference={CAMPAIGNS} alwaysOn sort={{ field: 'id', order: 'DESC' }}>
    <SelectInput optionText="title" label={`resources.${CAMPAIGNS}.report.campaign`} />
  </ReferenceInput>
);

/** The report's body from the list's filters: the campaign, and the status when one is chosen. */
export function rewardReportBody(filters: Record<string, unknown>): RewardReportRequest | null {
  const campaignId = Number(filters.campaign_id);
  if (!Number.isInteger(campaignId) || campaignId < 1) return null;
  return { campaign_id: campaignId, ...(typeof filters.status === 'string' && filters.status ? { status: filters.status } : {}) };
}

/**
 * A reward report button of a list (issue 18 item 9): the list's campaign and status, e-mailed as
 * xlsx, with the 5-minute cooldown of every report button (common/ReportButton). Until a campaign
 * is chosen in the filter, the button waits with a hint.
 */
export function CampaignReportButton({ report, path }: { report: ReportKey; path: string }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const mayRequest = useMayRequestReports();
  const body = rewardReportBody(filterValues ?? {});
  if (!mayRequest) return null;
  if (!body) {
    return (
      <Tooltip title={translate(`resources.${CAMPAIGNS}.report.choose_campaign`)}>
        <span><Button label="reports.button" disabled><DownloadIcon /></Button></span>
      </Tooltip>
    );
  }
  return <ReportRequestButton report={report} path={path} body={() => body} />;
}
