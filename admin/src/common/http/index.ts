export { attachmentName, fieldCodesOfBody, toHttpError } from './httpErrors.ts';
export {
  createContractHttp, formDataOf, withTrailingSlash,
  type ContractHttp, type FormFields, type HttpMethod, type HttpResult,
} from './contractHttp.ts';
export { ContractHttpProvider, contractHttp, useContractHttp } from './ContractHttpContext.tsx';
export { useReferenceList } from './useReferenceList.ts';
