import type { ColumnSpec } from './findColumns.ts';

const col = (field: string, header: string, names: string[], required = false): ColumnSpec => ({
  field,
  header,
  names,
  required,
});

/**
 * The BWSR listing template's columns (data/templates/bwsr-credit-listing-template.csv), in
 * template order. BWSR's "Available Wetland Bank Credits Listing" is a document by county,
 * per account and credit subgroup; the template gives it one row per account × subgroup ×
 * approval. Alternative headers are accepted (matched case-, space- and punctuation-insensitively).
 */
export const BWSR_LISTING_COLUMNS: readonly ColumnSpec[] = [
  col('account', 'Account Number', ['accountnumber', 'account', 'accountno', 'acctno', 'bwsraccount'], true),
  col('ribitsBankId', 'RIBITS Bank ID', ['ribitsbankid', 'ribitsid', 'bankid']),
  col('bankName', 'Bank Name', ['bankname', 'bank', 'banksitename'], true),
  col('county', 'County', ['county']),
  col('creditType', 'Credit Type', ['credittype'], true),
  col('creditSubgroup', 'Credit Subgroup', [
    'creditsubgroup',
    'subgroup',
    'creditsubgroupletter',
    'creditgroup',
  ]),
  col('plantCommunity', 'Plant Community', ['plantcommunity', 'plantcommunitytype']),
  col('circular39Type', 'Circular 39 Type', [
    'circular39type',
    'circular39',
    'circ39',
    'circular39wetlandtype',
  ]),
  col('approval', 'Approval', ['approval', 'approvedfor', 'federallyapproved'], true),
  col('available', 'Credits Available', ['creditsavailable', 'availablecredits', 'credits'], true),
  col('unit', 'Unit', ['unit', 'units', 'creditunit'], true),
  col('pricePerCredit', 'Price per Credit', ['pricepercredit', 'costpercredit', 'price']),
  col('contact', 'Contact', ['contact', 'contactinformation', 'seller']),
  col('asOf', 'As Of Date', ['asofdate', 'asof', 'listingdate']),
];

/**
 * The RIBITS "Credit Classification" report's columns, as RIBITSr's `R/csv-registry.R` reads
 * them (`bank_name, jurisdiction, credit_classification, credit_classification_type,
 * available_credits, released_credits, potential_credits`; one row per bank × classification ×
 * jurisdiction). The report gives no bank id and no unit; a `Unit` or `As Of` column is read when present.
 */
export const RIBITS_CREDIT_COLUMNS: readonly ColumnSpec[] = [
  col('bankName', 'Bank Name', ['bankname', 'banksitename'], true),
  col('jurisdiction', 'Jurisdiction', ['jurisdiction'], true),
  col('creditClassification', 'Credit Classification', ['creditclassification'], true),
  col('creditClassificationType', 'Credit Classification Type', ['creditclassificationtype']),
  col('available', 'Available Credits', ['availablecredits', 'creditsavailable'], true),
  col('released', 'Released Credits', ['releasedcredits', 'creditsreleased']),
  col('potential', 'Potential Credits', ['potentialcredits', 'creditspotential']),
  col('unit', 'Unit', ['unit', 'units', 'creditunit']),
  col('asOf', 'As Of Date', ['asofdate', 'asof', 'reportdate']),
];
