/// Every workload, by name. Each issue's workloads live in their own file
/// (`LogWorkloads.swift`, `CodecWorkloads.swift`, ...) and are listed here.
let allWorkloads: [Workload] = selfTestWorkloads + logWorkloads + codecWorkloads + fsrsWorkloads
    + contentReadModelWorkloads + vocabularyWorkloads + activityWorkloads + replayWorkloads + storeWorkloads
    + exportWorkloads + historyWorkloads + importWorkloads + optimizerWorkloads + ledgerWorkloads + snapshotSaveWorkloads
