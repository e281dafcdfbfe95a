import { describeAgentConfigWrites, MODE_CASES } from './agent-config-writes-sweep.js';

// SEC2 in every approval mode but auto-edit (which the fast file sweeps): plan and default deny or
// ask for every file alike, yolo allows them all.
describeAgentConfigWrites(MODE_CASES.filter((modeCase) => !modeCase.modes.includes('auto-edit')));
