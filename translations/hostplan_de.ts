<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>hostplan::ui::BreakEvenChart</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Break-even: no plan (%1)</source>
        <translation>Break-even: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Break-even: no API price for %1; set one under Pricing to compare</source>
        <translation>Break-even: kein API-Preis für %1; unter Preise einen festlegen, um zu vergleichen</translation>
    </message>
    <message>
        <source>Break-even against %1 (GPUs rented %2 h/day)</source>
        <translation>Break-even gegenüber %1 (GPUs %2 h/Tag gemietet)</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>%1 x %2 (yours)</source>
        <translation>%1 x %2 (Ihr Plan)</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>%1 x %2 breaks even at %3 output tokens per month (%4 per month either way)</source>
        <translation>%1 x %2 erreicht den Break-even bei %3 Ausgabe-Tokens pro Monat (so oder so %4 pro Monat)</translation>
    </message>
    <message>
        <source>Your volume</source>
        <translation>Ihr Volumen</translation>
    </message>
    <message>
        <source>API: %1 per month for %2 output tokens</source>
        <translation>API: %1 pro Monat für %2 Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>%1 x %2 (yours, does not fit)</source>
        <translation>%1 x %2 (Ihr Plan, passt nicht)</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 passt nicht</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 x %2 at %3 h/day: %4 per month (%5 always on)</source>
        <translation>%1 x %2 bei %3 h/Tag: %4 pro Monat (%5 im Dauerbetrieb)</translation>
    </message>
    <message>
        <source>Break-even: %1 output tokens per month</source>
        <translation>Break-even: %1 Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Does not fit: serves no tokens, never breaks even</source>
        <translation>Passt nicht: liefert keine Tokens, erreicht nie den Break-even</translation>
    </message>
    <message>
        <source>Break-even, output tokens a month: %1</source>
        <translation>Break-even, Ausgabe-Tokens im Monat: %1</translation>
    </message>
    <message>
        <source>Output tokens per month (log)</source>
        <translation>Ausgabe-Tokens pro Monat (log)</translation>
    </message>
    <message>
        <source>USD per month (log)</source>
        <translation>USD pro Monat (log)</translation>
    </message>
    <message>
        <source>%1T</source>
        <translation>%1 Bio.</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>%1K</source>
        <translation>%1 Tsd.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareModel</name>
    <message>
        <source>as shipped</source>
        <translation>wie ausgeliefert</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Weight formats</source>
        <translation>Gewichtsformate</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU-Standard</translation>
    </message>
    <message>
        <source>TP / EP / PP</source>
        <translation>TP / EP / PP</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Tokens per month (in / cached / out)</source>
        <translation>Tokens pro Monat (Eingabe / gecacht / Ausgabe)</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>Stunden pro Tag</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3 x PP %4, EP %5</source>
        <translation>%1 x %2, TP %3 x PP %4, EP %5</translation>
    </message>
    <message>
        <source>Weights (whole model)</source>
        <translation>Gewichte (ganzes Modell)</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>Gewichte pro GPU</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>KV-Cache pro GPU</translation>
    </message>
    <message>
        <source>Max concurrency at the context</source>
        <translation>Max. Parallelität beim Kontext</translation>
    </message>
    <message>
        <source>Memory floor / practical GPUs</source>
        <translation>Speicheruntergrenze / praktische GPUs</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source>Monthly cost (scheduled)</source>
        <translation>Monatskosten (nach Zeitplan)</translation>
    </message>
    <message>
        <source>Monthly cost (always on)</source>
        <translation>Monatskosten (Dauerbetrieb)</translation>
    </message>
    <message>
        <source>API cost per month</source>
        <translation>API-Kosten pro Monat</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>Self-hosted per 1M output tokens</source>
        <translation>Selbst gehostet pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>k. A. (keine Ausgabe-Tokens)</translation>
    </message>
    <message>
        <source>Break-even output tokens per month</source>
        <translation>Break-even Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>Break-even Vielnutzer</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>%1 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>n. v. (passt nicht)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareView</name>
    <message>
        <source>&amp;Pin current scenario</source>
        <translation>Aktuelles Szenario an&amp;heften</translation>
    </message>
    <message>
        <source>Keep a copy of the current scenario to compare later edits against</source>
        <translation>Eine Kopie des aktuellen Szenarios behalten, um spätere Änderungen damit zu vergleichen</translation>
    </message>
    <message>
        <source>Pin from file...</source>
        <translation>Aus Datei anheften...</translation>
    </message>
    <message>
        <source>Make pinned current</source>
        <translation>Angeheftetes übernehmen</translation>
    </message>
    <message>
        <source>Replace the current scenario by the pinned one (undoable)</source>
        <translation>Das aktuelle Szenario durch das angeheftete ersetzen (rückgängig machbar)</translation>
    </message>
    <message>
        <source>Clear pin</source>
        <translation>Anheftung lösen</translation>
    </message>
    <message>
        <source>Differences only</source>
        <translation>Nur Unterschiede</translation>
    </message>
    <message>
        <source>Pin scenario file</source>
        <translation>Szenariodatei anheften</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan-Szenario (*.json)</translation>
    </message>
    <message>
        <source>Use pinned scenario</source>
        <translation>Angeheftetes Szenario übernehmen</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 ist kein gültiges Szenario: %2</translation>
    </message>
    <message>
        <source>Pin the current scenario, then change inputs: the table shows the pinned and the current scenario side by side.</source>
        <translation>Heften Sie das aktuelle Szenario an und ändern Sie dann Eingaben: Die Tabelle zeigt das angeheftete und das aktuelle Szenario nebeneinander.</translation>
    </message>
    <message>
        <source>The current scenario equals the pinned one.</source>
        <translation>Das aktuelle Szenario gleicht dem angehefteten.</translation>
    </message>
    <message>
        <source>1 difference, highlighted.</source>
        <translation>1 Unterschied, hervorgehoben.</translation>
    </message>
    <message>
        <source>%1 differences, highlighted.</source>
        <translation>%1 Unterschiede, hervorgehoben.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Count</name>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 Knoten</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 Knoten</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 Sequenz</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 Sequenzen</translation>
    </message>
    <message>
        <source>1 heavy user</source>
        <translation>1 Vielnutzer</translation>
    </message>
    <message>
        <source>%1 heavy users</source>
        <translation>%1 Vielnutzer</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Export</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>PDF, A4 (*.pdf)</source>
        <translation>PDF, A4 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF, Letter (*.pdf)</source>
        <translation>PDF, Letter (*.pdf)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Export tables as CSV (one file per table, named &lt;name&gt;-&lt;table&gt;.csv)</source>
        <translation>Tabellen als CSV exportieren (eine Datei je Tabelle, benannt &lt;Name&gt;-&lt;Tabelle&gt;.csv)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export tables as CSV</source>
        <translation>Tabellen als CSV exportieren</translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation>JSON exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Export &amp;report...</source>
        <translation>&amp;Bericht exportieren...</translation>
    </message>
    <message>
        <source>Write the budget report as a PDF</source>
        <translation>Den Budgetbericht als PDF schreiben</translation>
    </message>
    <message>
        <source>Export tables as &amp;CSV...</source>
        <translation>Tabellen als &amp;CSV exportieren...</translation>
    </message>
    <message>
        <source>Write the report&apos;s tables as CSV files</source>
        <translation>Die Tabellen des Berichts als CSV-Dateien schreiben</translation>
    </message>
    <message>
        <source>Export &amp;JSON...</source>
        <translation>&amp;JSON exportieren...</translation>
    </message>
    <message>
        <source>Write the whole plan as JSON (the schema of hostplan-cli plan --json)</source>
        <translation>Den ganzen Plan als JSON schreiben (das Schema von hostplan-cli plan --json)</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 pages)</source>
        <translation>%1 geschrieben (%2 Seiten)</translation>
    </message>
    <message>
        <source>Wrote %1 CSV files: %2</source>
        <translation>%1 CSV-Dateien geschrieben: %2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Format</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>calibrated by a probe report</source>
        <translation>durch einen Probe-Bericht kalibriert</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>%1 advertised (vendors&apos; GB here are GiB), %2 usable</source>
        <translation>%1 laut Hersteller (dessen GB sind hier GiB), %2 nutzbar</translation>
    </message>
    <message>
        <source>modelled</source>
        <translation>modelliert</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::GpuTypesChart</name>
    <message>
        <source>Practical, native MXFP4</source>
        <translation>Praktisch, natives MXFP4</translation>
    </message>
    <message>
        <source>Practical, no native MXFP4</source>
        <translation>Praktisch, kein natives MXFP4</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>Speicheruntergrenze</translation>
    </message>
    <message>
        <source>Practical: no layout up to %1 GPUs carries the workload</source>
        <translation>Praktisch: keine Aufteilung bis %1 GPUs trägt die Last</translation>
    </message>
    <message>
        <source> (no fit)</source>
        <translation> (passt nicht)</translation>
    </message>
    <message>
        <source> (n/a)</source>
        <translation> (k. A.)</translation>
    </message>
    <message>
        <source>
Native MXFP4 tensor cores</source>
        <translation>
Native MXFP4-Tensor-Cores</translation>
    </message>
    <message>
        <source>
No native MXFP4: FP4 weights are dequantized</source>
        <translation>
Kein natives MXFP4: FP4-Gewichte werden dequantisiert</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>%1
Memory floor: %2 (%3 of weights / %4 per GPU)
</source>
        <translation>%1
Speicheruntergrenze: %2 (%3 Gewichte / %4 pro GPU)
</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4), %5 per month</source>
        <translation>Praktisch: %1 (TP %2 x PP %3, EP %4), %5 pro Monat</translation>
    </message>
    <message>
        <source>GPUs needed per GPU type: %1 tokens x %2, %3</source>
        <translation>Benötigte GPUs pro GPU-Typ: %1 Tokens x %2, %3</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Group</name>
    <message>
        <source>attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>attention (replicated down-projections)</source>
        <translation>Attention (replizierte Down-Projektionen)</translation>
    </message>
    <message>
        <source>short convolutions</source>
        <translation>kurze Faltungen</translation>
    </message>
    <message>
        <source>norms and small vectors</source>
        <translation>Normen und kleine Vektoren</translation>
    </message>
    <message>
        <source>router</source>
        <translation>Router</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>embedding (tied lm_head)</source>
        <translation>Embedding (gekoppelter LM-Head)</translation>
    </message>
    <message>
        <source>lm_head</source>
        <translation>LM-Head</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>dichtes MLP</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>geroutete Experten</translation>
    </message>
    <message>
        <source>routed expert biases</source>
        <translation>Biases der gerouteten Experten</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>geteilte Experten</translation>
    </message>
    <message>
        <source>latent MoE projections</source>
        <translation>latente MoE-Projektionen</translation>
    </message>
    <message>
        <source>vision tower</source>
        <translation>Vision-Tower</translation>
    </message>
    <message>
        <source>multimodal projector</source>
        <translation>multimodaler Projektor</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HardwarePanel</name>
    <message>
        <source>%1: %2 per GPU, %3 TB/s HBM, %4 GPUs per node%5
Source: %6 (as of %7)</source>
        <translation>%1: %2 pro GPU, %3 TB/s HBM, %4 GPUs pro Knoten%5
Quelle: %6 (Stand %7)</translation>
    </message>
    <message>
        <source>, native MXFP4</source>
        <translation>, natives MXFP4</translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation>&amp;GPU</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>GPUs in the deployment. auto = the smallest rentable count (1 GPU or whole nodes) that carries the workload</source>
        <translation>GPUs im Einsatz. automatisch = die kleinste mietbare Anzahl (1 GPU oder ganze Knoten), die die Last trägt</translation>
    </message>
    <message>
        <source>GPU &amp;count</source>
        <translation>GPU-&amp;Anzahl</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU-Standard</translation>
    </message>
    <message>
        <source>GPUs per rental node (bundle size); default = the GPU&apos;s usual node (8, or 4 per GB200/GB300 tray)</source>
        <translation>GPUs pro Mietknoten (Bündelgröße); Standard = der übliche Knoten der GPU (8, oder 4 pro GB200/GB300-Tray)</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>GPUs pro &amp;Knoten</translation>
    </message>
    <message>
        <source>Tensor parallel size: a power of two that divides the attention heads</source>
        <translation>Tensor-Parallelgröße: eine Zweierpotenz, die die Attention-Heads teilt</translation>
    </message>
    <message>
        <source>&amp;TP</source>
        <translation>&amp;TP</translation>
    </message>
    <message>
        <source>Expert parallel size: 1 (experts sliced by TP) or equal to TP (whole experts per GPU); must divide the routed experts</source>
        <translation>Expert-Parallelgröße: 1 (Experten per TP geteilt) oder gleich TP (ganze Experten pro GPU); muss die gerouteten Experten teilen</translation>
    </message>
    <message>
        <source>&amp;EP</source>
        <translation>&amp;EP</translation>
    </message>
    <message>
        <source>Pipeline parallel size: stages across nodes; TP x PP = GPU count, at most one stage per layer</source>
        <translation>Pipeline-Parallelgröße: Stufen über Knoten; TP x PP = GPU-Anzahl, höchstens eine Stufe pro Schicht</translation>
    </message>
    <message>
        <source>&amp;PP</source>
        <translation>&amp;PP</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules the plan follows</source>
        <translation>Die Serving-Engine, deren Speicherregeln der Plan folgt</translation>
    </message>
    <message>
        <source>E&amp;ngine</source>
        <translation>E&amp;ngine</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>Engine-Standard</translation>
    </message>
    <message>
        <source>vLLM gpu_memory_utilization / SGLang mem_fraction_static (of total memory); TensorRT-LLM free_gpu_memory_fraction (of memory free after weights)</source>
        <translation>vLLM gpu_memory_utilization / SGLang mem_fraction_static (vom Gesamtspeicher); TensorRT-LLM free_gpu_memory_fraction (vom nach den Gewichten freien Speicher)</translation>
    </message>
    <message>
        <source>Memory fraction</source>
        <translation>Speicheranteil</translation>
    </message>
    <message>
        <source>Change GPU to %1</source>
        <translation>GPU auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Change engine to %1</source>
        <translation>Engine auf %1 ändern</translation>
    </message>
    <message>
        <source>Change memory fraction to %1</source>
        <translation>Speicheranteil auf %1 ändern</translation>
    </message>
    <message>
        <source>native MXFP4</source>
        <translation>natives MXFP4</translation>
    </message>
    <message>
        <source>no native MXFP4 (dequantizes)</source>
        <translation>kein natives MXFP4 (dequantisiert)</translation>
    </message>
    <message>
        <source>GPU default (%1)</source>
        <translation>GPU-Standard (%1)</translation>
    </message>
    <message>
        <source>engine default (%1)</source>
        <translation>Engine-Standard (%1)</translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation> (automatisch)</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
    <message>
        <source>Evaluated: %1%2 = TP %3 x PP %4, EP %5; %6</source>
        <translation>Berechnet: %1%2 = TP %3 x PP %4, EP %5; %6</translation>
    </message>
    <message>
        <source>%1 per GPU, %2 TB/s, %3</source>
        <translation>%1 pro GPU, %2 TB/s, %3</translation>
    </message>
    <message>
        <source>; %1 data-parallel replicas</source>
        <translation>; %1 datenparallele Replikate</translation>
    </message>
    <message>
        <source>; offer %1 (%2)</source>
        <translation>; Angebot %1 (%2)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::InputPanel</name>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::KvChart</name>
    <message>
        <source>KV cache: no plan (%1)</source>
        <translation>KV-Cache: kein Plan (%1)</translation>
    </message>
    <message>
        <source>KV per sequence (left)</source>
        <translation>KV pro Sequenz (links)</translation>
    </message>
    <message>
        <source>Max sequences (right)</source>
        <translation>Max. Sequenzen (rechts)</translation>
    </message>
    <message>
        <source>GB per sequence per GPU (log)</source>
        <translation>GB pro Sequenz pro GPU (log)</translation>
    </message>
    <message>
        <source>Sequences at once (log)</source>
        <translation>Gleichzeitige Sequenzen (log)</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2</source>
        <translation>Szenario: %1 Tokens x %2</translation>
    </message>
    <message>
        <source>No room for KV cache: weights, activations and runtime fill the budget</source>
        <translation>Kein Platz für den KV-Cache: Gewichte, Aktivierungen und Laufzeit füllen das Budget</translation>
    </message>
    <message>
        <source>KV cache and concurrency vs context (%1 x %2, TP %3)</source>
        <translation>KV-Cache und Parallelität über den Kontext (%1 x %2, TP %3)</translation>
    </message>
    <message>
        <source>Context length in tokens (K = 1,024, M = 1,024 K; log scale)</source>
        <translation>Kontextlänge in Tokens (K = 1.024, M = 1.024 K; logarithmisch)</translation>
    </message>
    <message>
        <source>Context %1 tokens
KV cache + state: %2 per sequence per GPU
At most %3 at once</source>
        <translation>Kontext %1 Tokens
KV-Cache + Zustand: %2 pro Sequenz pro GPU
Höchstens %3 gleichzeitig</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MainWindow</name>
    <message>
        <source>HostPlan</source>
        <translation>HostPlan</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Whole deployment</source>
        <translation>Gesamter Einsatz</translation>
    </message>
    <message>
        <source>Show memory:</source>
        <translation>Speicher zeigen:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation>GPU-Typen</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>Break-even</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Fits or not and why, memory per GPU, cost and break-even</source>
        <translation>Passt oder nicht und warum, Speicher pro GPU, Kosten und Break-even</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision, with capacity lines</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit, mit Kapazitätslinien</translation>
    </message>
    <message>
        <source>GPUs needed for this workload on every catalogue GPU type</source>
        <translation>Benötigte GPUs für diese Last auf jedem GPU-Typ des Katalogs</translation>
    </message>
    <message>
        <source>KV cache per sequence and maximum concurrency vs context</source>
        <translation>KV-Cache pro Sequenz und maximale Parallelität über den Kontext</translation>
    </message>
    <message>
        <source>Monthly cost vs monthly tokens: API against self-hosting</source>
        <translation>Monatskosten über monatliche Tokens: API gegen Selbst-Hosting</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>Preise</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>Speichern &amp;unter...</translation>
    </message>
    <message>
        <source>Import &amp;Model...</source>
        <translation>&amp;Modell importieren...</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging-Face-Modelldateien (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>&amp;Pin Current Scenario</source>
        <translation>Aktuelles Szenario &amp;anheften</translation>
    </message>
    <message>
        <source>Clear Pin</source>
        <translation>Anheftung lösen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About HostPlan</source>
        <translation>&amp;Über HostPlan</translation>
    </message>
    <message>
        <source>About HostPlan</source>
        <translation>Über HostPlan</translation>
    </message>
    <message>
        <source>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plans self-hosting of large language models: memory, GPUs, cost and break-even against an API. Every figure comes from the sizing core, with sources and dates in the catalogues.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plant das Selbst-Hosting großer Sprachmodelle: Speicher, GPUs, Kosten und Break-even gegenüber einer API. Jede Zahl stammt aus dem Berechnungskern, mit Quellen und Datum in den Katalogen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>Unbenanntes Szenario</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>%1 - %2[*] - HostPlan</source>
        <translation>%1 - %2[*] - HostPlan</translation>
    </message>
    <message>
        <source>API %1/month</source>
        <translation>API %1/Monat</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>%1 on %2 x %3 | %4/month | %5</source>
        <translation>%1 auf %2 x %3 | %4/Monat | %5</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan-Szenario (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>„%1“ hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>Ungespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>The language changes when HostPlan is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von HostPlan.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MemoryChart</name>
    <message>
        <source>Memory: no plan (%1)</source>
        <translation>Speicher: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision (%1 x %2, TP %3, PP %4)</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit (%1 x %2, TP %3, PP %4)</translation>
    </message>
    <message>
        <source>Memory of the whole deployment by weight precision (%1 x %2, TP %3, PP %4)</source>
        <translation>Speicher des gesamten Einsatzes nach Gewichtsgenauigkeit (%1 x %2, TP %3, PP %4)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>%1 with %2 weights: %3 %4
All components: %5 %4</source>
        <translation>%1 mit %2-Gewichten: %3 %4
Alle Komponenten: %5 %4</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>pro GPU</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>insgesamt</translation>
    </message>
    <message>
        <source>Weight format (quantizable groups)</source>
        <translation>Gewichtsformat (quantisierbare Gruppen)</translation>
    </message>
    <message>
        <source>GB per GPU (decimal)</source>
        <translation>GB pro GPU (dezimal)</translation>
    </message>
    <message>
        <source>GB in total (decimal)</source>
        <translation>GB insgesamt (dezimal)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Engine budget
%1</source>
        <translation>Engine-Budget
%1</translation>
    </message>
    <message>
        <source>One node (%1)
%2</source>
        <translation>Ein Knoten (%1)
%2</translation>
    </message>
    <message>
        <source>All %1
%2</source>
        <translation>Alle %1
%2</translation>
    </message>
    <message>
        <source>Usable per GPU
%1 (%2 GiB)</source>
        <translation>Nutzbar pro GPU
%1 (%2 GiB)</translation>
    </message>
    <message>
        <source>One GPU
%1 (%2 GiB)</source>
        <translation>Eine GPU
%1 (%2 GiB)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ModelPanel</name>
    <message>
        <source>Embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM-Head</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Dense MLP</source>
        <translation>Dichtes MLP</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>Geteilte Experten</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>Geroutete Experten</translation>
    </message>
    <message>
        <source>Router / other MoE</source>
        <translation>Router / sonstiges MoE</translation>
    </message>
    <message>
        <source>Norms and biases</source>
        <translation>Normen und Biases</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>Vision-Tower</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>Catalogue model (real Hugging Face config.json files). Type part of the name to search.</source>
        <translation>Katalogmodell (echte Hugging-Face-config.json-Dateien). Tippen Sie einen Teil des Namens, um zu suchen.</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Import file...</source>
        <translation>Datei importieren...</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json or model.safetensors.index.json (you can also drop files or folders on the window)</source>
        <translation>Eine Hugging-Face-config.json oder model.safetensors.index.json importieren (Dateien und Ordner können auch auf das Fenster gezogen werden)</translation>
    </message>
    <message>
        <source>Import folder...</source>
        <translation>Ordner importieren...</translation>
    </message>
    <message>
        <source>Import a model folder holding config.json and, if present, model.safetensors.index.json</source>
        <translation>Einen Modellordner mit config.json und, falls vorhanden, model.safetensors.index.json importieren</translation>
    </message>
    <message>
        <source>As shipped</source>
        <translation>Wie ausgeliefert</translation>
    </message>
    <message>
        <source>Re-quantize every quantizable group (attention, MLPs, experts, LM head); embeddings, norms and routers keep their format</source>
        <translation>Jede quantisierbare Gruppe neu quantisieren (Attention, MLPs, Experten, LM-Head); Embeddings, Normen und Router behalten ihr Format</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Gewichte</translation>
    </message>
    <message>
        <source>Per-group weight formats</source>
        <translation>Gewichtsformate pro Gruppe</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype)</source>
        <translation>Elementformat des Attention-KV-Caches (vLLM --kv-cache-dtype)</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>&amp;KV-Cache</translation>
    </message>
    <message>
        <source>Format of the linear-attention recurrent state (models with KDA or Gated DeltaNet layers)</source>
        <translation>Format des rekurrenten Zustands linearer Attention (Modelle mit KDA- oder Gated-DeltaNet-Schichten)</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>Rekurrenter Zustand</translation>
    </message>
    <message>
        <source>Change model to %1</source>
        <translation>Modell auf %1 ändern</translation>
    </message>
    <message>
        <source>Change weight format to %1</source>
        <translation>Gewichtsformat auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>state format</source>
        <translation>Zustandsformat</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Change %1 format to %2</source>
        <translation>Format von %1 auf %2 ändern</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (importiert)</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>%1 B parameters, %2 B active per token; weights %3</source>
        <translation>%1 Mrd. Parameter, %2 Mrd. aktiv pro Token; Gewichte %3</translation>
    </message>
    <message>
        <source>Source: %1 (as of %2)</source>
        <translation>Quelle: %1 (Stand %2)</translation>
    </message>
    <message>
        <source>%1 could not be imported: %2</source>
        <translation>%1 konnte nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>Modell %1 importieren</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging-Face-Modelldateien (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Import model folder</source>
        <translation>Modellordner importieren</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::PricingPanel</name>
    <message>
        <source> /GPU-h</source>
        <translation> /GPU-h</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour, USD</source>
        <translation>Mietpreis einer GPU für eine Stunde, USD</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Use the catalogue rate for this GPU type</source>
        <translation>Den Katalogpreis für diesen GPU-Typ verwenden</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source> h/month</source>
        <translation> h/Monat</translation>
    </message>
    <message>
        <source>Hours in a month: 730 = 365 x 24 / 12; 720 = a 30-day month</source>
        <translation>Stunden eines Monats: 730 = 365 x 24 / 12; 720 = ein Monat mit 30 Tagen</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>API whose prices the plan is compared against</source>
        <translation>API, mit deren Preisen der Plan verglichen wird</translation>
    </message>
    <message>
        <source>&amp;API</source>
        <translation>&amp;API</translation>
    </message>
    <message>
        <source> /1M input</source>
        <translation> /1 Mio. Eingabe</translation>
    </message>
    <message>
        <source>API price of 1M uncached input tokens, USD</source>
        <translation>API-Preis für 1 Mio. ungecachte Eingabe-Tokens, USD</translation>
    </message>
    <message>
        <source> /1M cached</source>
        <translation> /1 Mio. gecacht</translation>
    </message>
    <message>
        <source>API price of 1M cached input tokens, USD</source>
        <translation>API-Preis für 1 Mio. gecachte Eingabe-Tokens, USD</translation>
    </message>
    <message>
        <source> /1M output</source>
        <translation> /1 Mio. Ausgabe</translation>
    </message>
    <message>
        <source>API price of 1M output tokens, USD</source>
        <translation>API-Preis für 1 Mio. Ausgabe-Tokens, USD</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>Gecachte Eingabe</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Catalogue prices</source>
        <translation>Katalogpreise</translation>
    </message>
    <message>
        <source>Use the catalogue prices of the chosen API</source>
        <translation>Die Katalogpreise der gewählten API verwenden</translation>
    </message>
    <message>
        <source>Change GPU rate to %1</source>
        <translation>GPU-Preis auf %1 ändern</translation>
    </message>
    <message>
        <source>Use the catalogue GPU rate</source>
        <translation>Katalog-GPU-Preis verwenden</translation>
    </message>
    <message>
        <source>Change hours per month to %1</source>
        <translation>Stunden pro Monat auf %1 ändern</translation>
    </message>
    <message>
        <source>Compare against %1</source>
        <translation>Mit %1 vergleichen</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API-Eingabepreis</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API-Preis für gecachte Eingabe</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>Use the catalogue API prices</source>
        <translation>Katalog-API-Preise verwenden</translation>
    </message>
    <message>
        <source>%1 rate</source>
        <translation>%1-Preis</translation>
    </message>
    <message>
        <source>Catalogue rate</source>
        <translation>Katalogpreis</translation>
    </message>
    <message>
        <source>source: %1, as of %2</source>
        <translation>Quelle: %1, Stand %2</translation>
    </message>
    <message>
        <source>No catalogue API for this model: enter prices above.</source>
        <translation>Keine Katalog-API für dieses Modell: Preise oben eingeben.</translation>
    </message>
    <message>
        <source>Edited prices, based on %1</source>
        <translation>Bearbeitete Preise, basierend auf %1</translation>
    </message>
    <message>
        <source>Catalogue prices of %1</source>
        <translation>Katalogpreise von %1</translation>
    </message>
    <message>
        <source>Your rate. Catalogue: %1/GPU-hour</source>
        <translation>Ihr Preis. Katalog: %1/GPU-Stunde</translation>
    </message>
    <message>
        <source>Cheapest API for this model</source>
        <translation>Günstigste API für dieses Modell</translation>
    </message>
    <message>
        <source>Import price list...</source>
        <translation>Preisliste importieren...</translation>
    </message>
    <message>
        <source>Add API prices from a JSON or CSV price list (the schema of prices.json); undoable</source>
        <translation>API-Preise aus einer JSON- oder CSV-Preisliste hinzufügen (Schema von prices.json); rückgängig machbar</translation>
    </message>
    <message>
        <source>Import price list</source>
        <translation>Preisliste importieren</translation>
    </message>
    <message>
        <source>Price lists (*.json *.csv);;All files (*)</source>
        <translation>Preislisten (*.json *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import price list %1</source>
        <translation>Preisliste %1 importieren</translation>
    </message>
    <message>
        <source>%1 (%2 a month)</source>
        <translation>%1 (%2 im Monat)</translation>
    </message>
    <message>
        <source>Cheapest: %1</source>
        <translation>Günstigste: %1</translation>
    </message>
    <message>
        <source> /1M input (= output, not entered)</source>
        <translation> /1 Mio. Eingabe (= Ausgabe, nicht eingegeben)</translation>
    </message>
    <message>
        <source> /1M cached (= input, not entered)</source>
        <translation> /1 Mio. gecacht (= Eingabe, nicht eingegeben)</translation>
    </message>
    <message>
        <source> /1M output (= input, not entered)</source>
        <translation> /1 Mio. Ausgabe (= Eingabe, nicht eingegeben)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbePanel</name>
    <message>
        <source>Probe remote host</source>
        <translation>Entfernten Host prüfen</translation>
    </message>
    <message>
        <source>user@host or an alias from ~/.ssh/config</source>
        <translation>user@host oder ein Alias aus ~/.ssh/config</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>optional: ssh agent or config by default</source>
        <translation>optional: standardmäßig ssh-Agent oder ssh-Konfiguration</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Identity file:</source>
        <translation>Schlüsseldatei:</translation>
    </message>
    <message>
        <source>Probe on the host:</source>
        <translation>Probe auf dem Host:</translation>
    </message>
    <message>
        <source>HostPlan runs your own ssh client with your ssh config and keys, without password prompts (BatchMode). It stores no passwords.</source>
        <translation>HostPlan startet Ihren eigenen ssh-Client mit Ihrer ssh-Konfiguration und Ihren Schlüsseln, ohne Passwortabfragen (BatchMode). Es speichert keine Passwörter.</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>Schlüsseldatei</translation>
    </message>
    <message>
        <source>Probe this machine</source>
        <translation>Diesen Rechner prüfen</translation>
    </message>
    <message>
        <source>Import report...</source>
        <translation>Bericht importieren...</translation>
    </message>
    <message>
        <source>Probe remote host...</source>
        <translation>Entfernten Host prüfen...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>No probe report yet.</source>
        <translation>Noch kein Probe-Bericht.</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Planned / GPU</source>
        <translation>Geplant / GPU</translation>
    </message>
    <message>
        <source>Free (measured)</source>
        <translation>Frei (gemessen)</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>Copy bandwidth (measured)</source>
        <translation>Kopierbandbreite (gemessen)</translation>
    </message>
    <message>
        <source>HBM bandwidth (catalogue)</source>
        <translation>HBM-Bandbreite (Katalog)</translation>
    </message>
    <message>
        <source>Measured / catalogue</source>
        <translation>Gemessen / Katalog</translation>
    </message>
    <message>
        <source>hostplan-probe was not found next to HostPlan or on PATH.</source>
        <translation>hostplan-probe wurde weder neben HostPlan noch im PATH gefunden.</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>Probe-Bericht importieren</translation>
    </message>
    <message>
        <source>Probe reports (*.json);;All files (*)</source>
        <translation>Probe-Berichte (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not import the report: %1</source>
        <translation>Der Bericht konnte nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>No plan to compare with.</source>
        <translation>Kein Plan zum Vergleichen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>Passt (geprüft)</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>Passt (freier Speicher)</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>-</source>
        <translation>-</translation>
    </message>
    <message>
        <source>%1 found on %2.</source>
        <translation>%1 auf %2 gefunden.</translation>
    </message>
    <message>
        <source>The plan needs %1; the verdicts are per GPU.</source>
        <translation>Der Plan braucht %1; die Urteile gelten pro GPU.</translation>
    </message>
    <message>
        <source>Fit (current plan)</source>
        <translation>Passt (aktueller Plan)</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result for the plan it was run with (%3 per GPU): %4.</source>
        <translation>Bericht von %1, %2. Probe-Ergebnis für den Plan, mit dem sie lief (%3 pro GPU): %4.</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result: %3.</source>
        <translation>Bericht von %1, %2. Probe-Ergebnis: %3.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>no GPU found</source>
        <translation>keine GPU gefunden</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Verdicts for the current plan: %1 per GPU on %2 x %3.</source>
        <translation>Urteile für den aktuellen Plan: %1 pro GPU auf %2 x %3.</translation>
    </message>
    <message>
        <source>No current plan: verdicts for the plan the report was run with: %1 per GPU on %2 x %3.</source>
        <translation>Kein aktueller Plan: Urteile für den Plan, mit dem der Bericht erstellt wurde: %1 pro GPU auf %2 x %3.</translation>
    </message>
    <message>
        <source>Fit (report&apos;s plan)</source>
        <translation>Passt (Plan des Berichts)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbeRemote</name>
    <message>
        <source>No host given.</source>
        <translation>Kein Host angegeben.</translation>
    </message>
    <message>
        <source>A host name cannot start with &apos;-&apos;.</source>
        <translation>Ein Hostname darf nicht mit &apos;-&apos; beginnen.</translation>
    </message>
    <message>
        <source>A host name cannot contain spaces or control characters.</source>
        <translation>Ein Hostname darf keine Leerzeichen oder Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>A probe is already running.</source>
        <translation>Es läuft bereits eine Probe.</translation>
    </message>
    <message>
        <source>Starting the probe on this machine</source>
        <translation>Probe auf diesem Rechner wird gestartet</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>Verbindung zu %1 wird hergestellt</translation>
    </message>
    <message>
        <source>Could not start the probe %1: %2. Build hostplan-probe or set its path.</source>
        <translation>Die Probe %1 konnte nicht gestartet werden: %2. Bauen Sie hostplan-probe oder geben Sie seinen Pfad an.</translation>
    </message>
    <message>
        <source>Could not start the ssh client %1: %2. Install OpenSSH.</source>
        <translation>Der ssh-Client %1 konnte nicht gestartet werden: %2. Installieren Sie OpenSSH.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The ssh client for %1 ended abnormally. %2</source>
        <translation>Der ssh-Client für %1 wurde abnormal beendet. %2</translation>
    </message>
    <message>
        <source>The probe crashed. %1</source>
        <translation>Die Probe ist abgestürzt. %1</translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>ssh failed</source>
        <translation>ssh fehlgeschlagen</translation>
    </message>
    <message>
        <source>hostplan-probe was not found on %1 (%2). Install it there or give its path.</source>
        <translation>hostplan-probe wurde auf %1 nicht gefunden (%2). Installieren Sie es dort oder geben Sie seinen Pfad an.</translation>
    </message>
    <message>
        <source>The probe on %1 exited with code %2 without a report. %3</source>
        <translation>Die Probe auf %1 endete mit Code %2 ohne Bericht. %3</translation>
    </message>
    <message>
        <source>%1 answered, but not with a probe report: %2</source>
        <translation>%1 hat geantwortet, aber nicht mit einem Probe-Bericht: %2</translation>
    </message>
    <message>
        <source>Report received from %1</source>
        <translation>Bericht von %1 empfangen</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Report</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4)</source>
        <translation>%1 (TP %2, EP %3, PP %4)</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>%1 needed of %2 usable</source>
        <translation>%1 benötigt von %2 nutzbar</translation>
    </message>
    <message>
        <source>Memory in total</source>
        <translation>Speicher insgesamt</translation>
    </message>
    <message>
        <source>Memory floor (weights only)</source>
        <translation>Speicheruntergrenze (nur Gewichte)</translation>
    </message>
    <message>
        <source>Practical count / pilot range</source>
        <translation>Praktische Anzahl / Pilotbereich</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>keine bis %1</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU-Stundenpreis</translation>
    </message>
    <message>
        <source>Monthly rental, always on (%1 h)</source>
        <translation>Monatsmiete, Dauerbetrieb (%1 h)</translation>
    </message>
    <message>
        <source>Monthly rental at %1 h/day</source>
        <translation>Monatsmiete bei %1 h/Tag</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>API, same volume (%1)</source>
        <translation>API, gleiches Volumen (%1)</translation>
    </message>
    <message>
        <source>API, same volume</source>
        <translation>API, gleiches Volumen</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>Selbst gehostet, Kosten pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>Break-even output volume</source>
        <translation>Break-even-Ausgabevolumen</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>Break-even Vielnutzer</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each)</source>
        <translation>%1 (je %2 Tokens im Monat)</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Rental cost of %1 at %2 per GPU-hour</source>
        <translation>Mietkosten für %1 zu %2 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>GPU-hours, 24 h/day</source>
        <translation>GPU-Stunden, 24 h/Tag</translation>
    </message>
    <message>
        <source>Cost, always on</source>
        <translation>Kosten, Dauerbetrieb</translation>
    </message>
    <message>
        <source>GPU-hours, %1 h/day</source>
        <translation>GPU-Stunden, %1 h/Tag</translation>
    </message>
    <message>
        <source>Cost at %1 h/day</source>
        <translation>Kosten bei %1 h/Tag</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 Stunde</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 Tag</translation>
    </message>
    <message>
        <source>30 days (720 h)</source>
        <translation>30 Tage (720 h)</translation>
    </message>
    <message>
        <source>Month (%1 h, as planned)</source>
        <translation>Monat (%1 h, wie geplant)</translation>
    </message>
    <message>
        <source>The same tokens at API prices (%1): %2 per month. The hour row is one hour of running GPUs; &quot;at %3 h/day&quot; rents them only for those hours.</source>
        <translation>Dieselben Tokens zu API-Preisen (%1): %2 pro Monat. Die Stundenzeile ist eine Stunde laufender GPUs; „bei %3 h/Tag“ mietet sie nur für diese Stunden.</translation>
    </message>
    <message>
        <source>No API price is known for this model, so there is no API comparison. The hour row is one hour of running GPUs; &quot;at %1 h/day&quot; rents them only for those hours.</source>
        <translation>Für dieses Modell ist kein API-Preis bekannt, daher gibt es keinen API-Vergleich. Die Stundenzeile ist eine Stunde laufender GPUs; „bei %1 h/Tag“ mietet sie nur für diese Stunden.</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)</source>
        <translation>Speicher pro GPU (am stärksten belastete GPU) und insgesamt (%1, TP %2, EP %3, PP %4)</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens)</source>
        <translation>KV-Cache (%1 x %2 Tokens)</translation>
    </message>
    <message>
        <source>Linear-attention state</source>
        <translation>Zustand linearer Attention</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>Laufzeit-Overhead</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>Gesamtbedarf</translation>
    </message>
    <message>
        <source>Engine budget (memory fraction %1)</source>
        <translation>Engine-Budget (Speicheranteil %1)</translation>
    </message>
    <message>
        <source>Usable GPU memory (driver total)</source>
        <translation>Nutzbarer GPU-Speicher (laut Treiber)</translation>
    </message>
    <message>
        <source>Room for KV cache and state</source>
        <translation>Platz für KV-Cache und Zustand</translation>
    </message>
    <message>
        <source>Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.</source>
        <translation>Dezimale GB (10^9 Bytes), binäre GiB (2^30 Bytes) in Klammern. KV-Cache: %1 Bytes pro Token für das ganze Modell, %2 pro GPU. Bis zu %3 mit %4 Tokens passen gleichzeitig.</translation>
    </message>
    <message>
        <source>Weights by tensor group</source>
        <translation>Gewichte nach Tensorgruppe</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>Ganzes Modell</translation>
    </message>
    <message>
        <source>sharded</source>
        <translation>aufgeteilt</translation>
    </message>
    <message>
        <source>replicated</source>
        <translation>repliziert</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>Alle Gruppen</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>Speicheruntergrenze</translation>
    </message>
    <message>
        <source>Practical count</source>
        <translation>Praktische Anzahl</translation>
    </message>
    <message>
        <source>Pilot range</source>
        <translation>Pilotbereich</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>Pro GPU-Stunde</translation>
    </message>
    <message>
        <source>Month at %1 h/day</source>
        <translation>Monat bei %1 h/Tag</translation>
    </message>
    <message>
        <source>Month always on</source>
        <translation>Monat im Dauerbetrieb</translation>
    </message>
    <message>
        <source> (scenario)</source>
        <translation> (Szenario)</translation>
    </message>
    <message>
        <source>the API costs %1 per month for the same tokens.</source>
        <translation>die API kostet für dieselben Tokens %1 pro Monat.</translation>
    </message>
    <message>
        <source>no API price is known for this model.</source>
        <translation>für dieses Modell ist kein API-Preis bekannt.</translation>
    </message>
    <message>
        <source>Each probed GPU against the plan</source>
        <translation>Jede geprüfte GPU im Vergleich zum Plan</translation>
    </message>
    <message>
        <source>Planned per GPU</source>
        <translation>Geplant pro GPU</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>Gemessene Bandbreite</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>No probe report is attached. Run hostplan-probe on the rented machine (hostplan-probe all --json --scenario FILE &gt; probe.json) and attach the report: hostplan-cli report --probe-report probe.json, or import it in the Probe panel before exporting from the GUI.</source>
        <translation>Kein Probe-Bericht angehängt. Führen Sie hostplan-probe auf dem gemieteten Rechner aus (hostplan-probe all --json --scenario DATEI &gt; probe.json) und hängen Sie den Bericht an: hostplan-cli report --probe-report probe.json, oder importieren Sie ihn im Probe-Bereich, bevor Sie aus der GUI exportieren.</translation>
    </message>
    <message>
        <source>Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.</source>
        <translation>Probe-Bericht von Host %1, %2 (%3 %4); Status: %5; gefundene GPUs: %6.</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>Passt (geprüft)</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>Passt (freier Speicher)</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>GPU %1: %2.</source>
        <translation>GPU %1: %2.</translation>
    </message>
    <message>
        <source>Assumptions: every input and catalogue figure used</source>
        <translation>Annahmen: jede verwendete Eingabe und Katalogangabe</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Scenario input</source>
        <translation>Szenario-Eingabe</translation>
    </message>
    <message>
        <source>Scenario input (%1)</source>
        <translation>Szenario-Eingabe (%1)</translation>
    </message>
    <message>
        <source>%1 default (HostPlan core/sizing/memory.h, from the engine&apos;s documentation)</source>
        <translation>%1-Standard (HostPlan core/sizing/memory.h, aus der Dokumentation der Engine)</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>Szenarioname</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Weights format</source>
        <translation>Gewichtsformat</translation>
    </message>
    <message>
        <source>as shipped in the checkpoint</source>
        <translation>wie im Checkpoint ausgeliefert</translation>
    </message>
    <message>
        <source>Format of %1 weights</source>
        <translation>Format der Gewichte von %1</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>Linear-attention state format</source>
        <translation>Format des Zustands linearer Attention</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU-Typ</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>auto (practical count: %1)</source>
        <translation>automatisch (praktische Anzahl: %1)</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>Parallele Aufteilung</translation>
    </message>
    <message>
        <source>TP %1, EP %2, PP %3</source>
        <translation>TP %1, EP %2, PP %3</translation>
    </message>
    <message>
        <source>HostPlan&apos;s preferred layout for the GPU count (core/sizing/fit.h)</source>
        <translation>HostPlans bevorzugte Aufteilung für die GPU-Anzahl (core/sizing/fit.h)</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Serving-Engine</translation>
    </message>
    <message>
        <source>Engine memory fraction</source>
        <translation>Speicheranteil der Engine</translation>
    </message>
    <message>
        <source>State slots per request</source>
        <translation>Zustandsplätze pro Anfrage</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV-Blockgröße</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>Prefill chunk</source>
        <translation>Prefill-Block</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>Aktivierungen pro GPU</translation>
    </message>
    <message>
        <source>HostPlan estimate: prefill chunk x hidden size x 2 bytes x 32 buffers, calibrated on seed 000 (core/sizing/memory.h)</source>
        <translation>HostPlan-Schätzung: Prefill-Block x Hidden Size x 2 Bytes x 32 Puffer, kalibriert an Seed 000 (core/sizing/memory.h)</translation>
    </message>
    <message>
        <source>Runtime overhead per GPU</source>
        <translation>Laufzeit-Overhead pro GPU</translation>
    </message>
    <message>
        <source>HostPlan estimate: 2 GB, plus 2 GB for NCCL buffers and CUDA graphs on more than one GPU (seed 003; core/sizing/memory.h)</source>
        <translation>HostPlan-Schätzung: 2 GB, dazu 2 GB für NCCL-Puffer und CUDA-Graphen bei mehr als einer GPU (Seed 003; core/sizing/memory.h)</translation>
    </message>
    <message>
        <source>Context per sequence</source>
        <translation>Kontext pro Sequenz</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Input tokens per month</source>
        <translation>Eingabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Cached input tokens per month</source>
        <translation>Gecachte Eingabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Output tokens per month</source>
        <translation>Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Hours per day rented</source>
        <translation>Gemietete Stunden pro Tag</translation>
    </message>
    <message>
        <source>Heavy user&apos;s tokens per month</source>
        <translation>Tokens eines Vielnutzers pro Monat</translation>
    </message>
    <message>
        <source>Hours per month</source>
        <translation>Stunden pro Monat</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1)</source>
        <translation>GPU-Stundenpreis (%1)</translation>
    </message>
    <message>
        <source>%1 per 1M tokens</source>
        <translation>%1 pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>API compared</source>
        <translation>Verglichene API</translation>
    </message>
    <message>
        <source>the model&apos;s default API (catalogue)</source>
        <translation>die Standard-API des Modells (Katalog)</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API-Eingabepreis</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API-Preis für gecachte Eingabe</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>Total parameters</source>
        <translation>Parameter insgesamt</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>Aktive Parameter pro Token</translation>
    </message>
    <message>
        <source>Weights (after formats)</source>
        <translation>Gewichte (nach Formaten)</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>Checkpoint-Größe</translation>
    </message>
    <message>
        <source>Maximum context</source>
        <translation>Maximaler Kontext</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Experten</translation>
    </message>
    <message>
        <source>%1 routed, %2 active per token, %3 shared</source>
        <translation>%1 geroutet, %2 aktiv pro Token, %3 geteilt</translation>
    </message>
    <message>
        <source>Advertised memory per GPU</source>
        <translation>Beworbener Speicher pro GPU</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>Nutzbarer Speicher pro GPU</translation>
    </message>
    <message>
        <source>HBM bandwidth per GPU</source>
        <translation>HBM-Bandbreite pro GPU</translation>
    </message>
    <message>
        <source>Native MXFP4</source>
        <translation>Natives MXFP4</translation>
    </message>
    <message>
        <source>no (dequantized at run time)</source>
        <translation>nein (zur Laufzeit dequantisiert)</translation>
    </message>
    <message>
        <source>%1 memory</source>
        <translation>Speicher von %1</translation>
    </message>
    <message>
        <source>%1 GPU-hour rate</source>
        <translation>GPU-Stundenpreis von %1</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Burst rental</source>
        <translation>Burst-Miete</translation>
    </message>
    <message>
        <source>Dedicated</source>
        <translation>Dediziert</translation>
    </message>
    <message>
        <source>No API comparison</source>
        <translation>Kein API-Vergleich</translation>
    </message>
    <message>
        <source>%1: no API price is known for %2; set one in the scenario&apos;s pricing to compare renting %3 (%4 a month at %5 h/day) with paying per token.</source>
        <translation>%1: für %2 ist kein API-Preis bekannt; legen Sie in den Preisen des Szenarios einen fest, um die Miete von %3 (%4 im Monat bei %5 h/Tag) mit der Bezahlung pro Token zu vergleichen.</translation>
    </message>
    <message>
        <source>%1: %2 does not carry this workload; stay on the API until a configuration fits (practical count: %3).</source>
        <translation>%1: %2 trägt diese Last nicht; bleiben Sie bei der API, bis eine Konfiguration passt (praktische Anzahl: %3).</translation>
    </message>
    <message>
        <source>none up to %1 GPUs</source>
        <translation>keine bis %1 GPUs</translation>
    </message>
    <message>
        <source>%1: for this volume the API costs %2 a month, no more than renting %3 at %4 h/day (%5 a month).</source>
        <translation>%1: für dieses Volumen kostet die API %2 im Monat, nicht mehr als die Miete von %3 bei %4 h/Tag (%5 im Monat).</translation>
    </message>
    <message>
        <source>%1: the API would cost %2 per month, more than %3 always on (%4); rent or own them around the clock.</source>
        <translation>%1: die API würde %2 pro Monat kosten, mehr als %3 im Dauerbetrieb (%4); mieten oder besitzen Sie sie rund um die Uhr.</translation>
    </message>
    <message>
        <source>%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on (%6) would cost more than the API.</source>
        <translation>%1: mieten Sie %2 für %3 h/Tag (%4 pro Monat) statt der API (%5); Dauerbetrieb (%6) würde mehr kosten als die API.</translation>
    </message>
    <message>
        <source>%1-%2 GPUs</source>
        <translation>%1-%2 GPUs</translation>
    </message>
    <message>
        <source>HostPlan budget report</source>
        <translation>HostPlan-Budgetbericht</translation>
    </message>
    <message>
        <source>Fits on %1</source>
        <translation>Passt auf %1</translation>
    </message>
    <message>
        <source>Does not fit on %1</source>
        <translation>Passt nicht auf %1</translation>
    </message>
    <message>
        <source>Does not fit: %1.</source>
        <translation>Passt nicht: %1.</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>Hinweis: %1.</translation>
    </message>
    <message>
        <source>Recommendation: API when the plan does not fit, or when the API bill for the workload&apos;s tokens is no more than renting at the chosen hours a day; Dedicated when the API bill is more than renting the GPUs always on; Burst rental in between (renting for the chosen hours beats the API, always on does not).</source>
        <translation>Empfehlung: API, wenn der Plan nicht passt oder wenn die API-Rechnung für die Tokens der Last nicht höher ist als die Miete bei den gewählten Stunden pro Tag; Dediziert, wenn die API-Rechnung höher ist als die Miete der GPUs im Dauerbetrieb; Burst-Miete dazwischen (die Miete für die gewählten Stunden schlägt die API, der Dauerbetrieb nicht).</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory (decimal GB) holds the weights alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.</source>
        <translation>Speicheruntergrenze: GPUs, deren beworbener Speicher (dezimale GB) allein die Gewichte fasst, ceil(Gewichte / Speicher pro GPU). Sie ist eine Grenze, kein Deployment.</translation>
    </message>
    <message>
        <source>Practical count: the smallest rentable count (1 GPU, or whole nodes of the GPU&apos;s node size) whose preferred layout (TP inside a node, PP across nodes) holds the weights, activations, runtime and the KV cache of the workload within the engine&apos;s memory budget.</source>
        <translation>Praktische Anzahl: die kleinste mietbare Anzahl (1 GPU oder ganze Knoten in der Knotengröße der GPU), deren bevorzugte Aufteilung (TP innerhalb eines Knotens, PP über Knoten hinweg) die Gewichte, Aktivierungen, Laufzeit und den KV-Cache der Last innerhalb des Speicherbudgets der Engine fasst.</translation>
    </message>
    <message>
        <source>Pilot range: from the practical count to one more node, at most twice the practical count, rounded to whole nodes: the GPU counts to ask a provider to quote for a pilot (cf. seed 004&apos;s starting ranges).</source>
        <translation>Pilotbereich: von der praktischen Anzahl bis zu einem Knoten mehr, höchstens das Doppelte der praktischen Anzahl, auf ganze Knoten gerundet: die GPU-Anzahlen, für die man einen Anbieter um ein Angebot für einen Pilotbetrieb bittet (vgl. die Startbereiche von Seed 004).</translation>
    </message>
    <message>
        <source>Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day it is H x %1 / 24 h. 30 days = 720 h.</source>
        <translation>Kosten: GPU-Stunden x Preis. Ein Monat hat im Dauerbetrieb %1 h (365 x 24 / 12); bei H h/Tag sind es H x %1 / 24 h. 30 Tage = 720 h.</translation>
    </message>
    <message>
        <source>API cost: input, cached input and output tokens a month x the API&apos;s price per 1M tokens. Break-even: the output volume (input and cached input growing in the same ratio) at which the API bill equals the rental at the chosen hours a day; heavy users: the rental divided by one heavy user&apos;s API bill (all tokens billed as output).</source>
        <translation>API-Kosten: Eingabe-, gecachte Eingabe- und Ausgabe-Tokens im Monat x API-Preis pro 1 Mio. Tokens. Break-even: das Ausgabevolumen (Eingabe und gecachte Eingabe wachsen im selben Verhältnis), bei dem die API-Rechnung der Miete bei den gewählten Stunden pro Tag entspricht; Vielnutzer: die Miete geteilt durch die API-Rechnung eines Vielnutzers (alle Tokens als Ausgabe berechnet).</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (Fortsetzung)</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>HostPlan budget report · %1 · %2</source>
        <translation>HostPlan-Budgetbericht · %1 · %2</translation>
    </message>
    <message>
        <source>Date %1 · model %2 · %3 x %4</source>
        <translation>Datum %1 · Modell %2 · %3 x %4</translation>
    </message>
    <message>
        <source> · scenario file %1</source>
        <translation> · Szenariodatei %1</translation>
    </message>
    <message>
        <source>1. Executive summary</source>
        <translation>1. Zusammenfassung</translation>
    </message>
    <message>
        <source>2. Cost</source>
        <translation>2. Kosten</translation>
    </message>
    <message>
        <source>3. Memory</source>
        <translation>3. Speicher</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit</translation>
    </message>
    <message>
        <source>4. Options across GPU types</source>
        <translation>4. Optionen über GPU-Typen</translation>
    </message>
    <message>
        <source>Monthly rental per GPU type</source>
        <translation>Monatsmiete pro GPU-Typ</translation>
    </message>
    <message>
        <source>5. Probe results</source>
        <translation>5. Probe-Ergebnisse</translation>
    </message>
    <message>
        <source>6. Assumptions</source>
        <translation>6. Annahmen</translation>
    </message>
    <message>
        <source>Every input of the scenario and every catalogue figure the plan used, with its source and date. Replace an assumption by editing the scenario (or the catalogue files) and export the report again.</source>
        <translation>Jede Eingabe des Szenarios und jede Katalogangabe, die der Plan verwendet hat, mit Quelle und Datum. Ersetzen Sie eine Annahme, indem Sie das Szenario (oder die Katalogdateien) bearbeiten, und exportieren Sie den Bericht erneut.</translation>
    </message>
    <message>
        <source>7. How the figures are derived</source>
        <translation>7. Wie die Zahlen entstehen</translation>
    </message>
    <message>
        <source>All figures come from HostPlan&apos;s core (the same numbers as hostplan-cli plan --json and the GUI). Bytes are decimal GB (10^9) with binary GiB (2^30) in brackets; money is USD.</source>
        <translation>Alle Zahlen stammen aus dem Kern von HostPlan (dieselben Zahlen wie hostplan-cli plan --json und die GUI). Bytes sind dezimale GB (10^9) mit binären GiB (2^30) in Klammern; Geldbeträge in USD.</translation>
    </message>
    <message>
        <source>Cannot write the report: the scenario has no plan (%1)</source>
        <translation>Der Bericht kann nicht geschrieben werden: das Szenario hat keinen Plan (%1)</translation>
    </message>
    <message>
        <source>Cannot write the report: the charts need a QApplication</source>
        <translation>Der Bericht kann nicht geschrieben werden: die Diagramme brauchen eine QApplication</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be started</source>
        <translation>%1 kann nicht geschrieben werden: das PDF konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>%1 kann nicht geschrieben werden: das PDF konnte nicht abgeschlossen werden</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>Alle %1</translation>
    </message>
    <message>
        <source>The plan needs %1 and the probed machine has %2: the verdicts are per GPU.</source>
        <translation>Der Plan braucht %1 und der geprüfte Rechner hat %2: die Urteile gelten pro GPU.</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (up to %3 fit)</source>
        <translation>%1 mit %2 Tokens (bis zu %3 passen)</translation>
    </message>
    <message>
        <source>n/a (the plan does not fit)</source>
        <translation>n. v. (der Plan passt nicht)</translation>
    </message>
    <message>
        <source>Options across GPU types (%1, %2 of %3 tokens)</source>
        <translation>Optionen über GPU-Typen (%1, %2 mit %3 Tokens)</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to %8 fit at once.</source>
        <translation>%1 (TP %2, EP %3, PP %4) tragen %5 mit %6 Tokens von %7; bis zu %8 passen gleichzeitig.</translation>
    </message>
    <message>
        <source>Sequences at %1 ms</source>
        <translation>Sequenzen bei %1 ms</translation>
    </message>
    <message>
        <source>0 (too slow)</source>
        <translation>0 (zu langsam)</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory holds the weights alone. Practical count: the smallest rentable count (1 GPU or whole nodes) whose layout holds the weights and the workload. Sequences at the target: how many of them the practical layout runs within the time per output token (0: too slow, e.g. pipeline stages over many nodes). Pilot range: what to ask a provider to quote for a pilot, from the practical count to one more node (at most twice the practical count). Monthly costs are at the practical count; %1</source>
        <translation>Speicheruntergrenze: GPUs, deren beworbener Speicher allein die Gewichte fasst. Praktische Anzahl: die kleinste mietbare Anzahl (1 GPU oder ganze Knoten), deren Aufteilung die Gewichte und die Last fasst. Sequenzen beim Ziel: wie viele davon die praktische Aufteilung innerhalb der Zeit pro Ausgabe-Token ausführt (0: zu langsam, z. B. Pipeline-Stufen über viele Knoten). Pilotbereich: wofür man einen Anbieter um ein Angebot für einen Pilotbetrieb bittet, von der praktischen Anzahl bis zu einem Knoten mehr (höchstens das Doppelte der praktischen Anzahl). Monatskosten gelten für die praktische Anzahl; %1</translation>
    </message>
    <message>
        <source>The probed machine has %1, the plan is for %2: the verdicts below test the plan&apos;s memory per GPU on the probed GPUs, and the plan&apos;s speed figures are not calibrated by this report.</source>
        <translation>Der geprüfte Rechner hat %1, der Plan gilt für %2: die Urteile unten prüfen den Speicherbedarf pro GPU des Plans auf den geprüften GPUs, und die Geschwindigkeitswerte des Plans werden durch diesen Bericht nicht kalibriert.</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity (%1% utilisation)</source>
        <translation>Kosten je 1 Mio. Ausgabe-Tokens bei voller Kapazität (%1 % Auslastung)</translation>
    </message>
    <message>
        <source>Also sold by: %1</source>
        <translation>Auch angeboten von: %1</translation>
    </message>
    <message>
        <source>%1 in / %2 out per 1M tokens; %3 a month for this workload</source>
        <translation>%1 Eingabe / %2 Ausgabe je 1 Mio. Tokens; %3 im Monat für diese Last</translation>
    </message>
    <message>
        <source>Stale price: %1 is from %2, %3 days before this report (older than %4 days); check the provider&apos;s page before deciding.</source>
        <translation>Veralteter Preis: %1 stammt vom %2, %3 Tage vor diesem Bericht (älter als %4 Tage); vor der Entscheidung die Seite des Anbieters prüfen.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ReportOptionsChart</name>
    <message>
        <source>Monthly rental at the practical GPU count, per GPU type</source>
        <translation>Monatsmiete bei der praktischen GPU-Anzahl, pro GPU-Typ</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Dauerbetrieb</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>Bei %1 h/Tag</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>Thousand USD per month</source>
        <translation>Tausend USD pro Monat</translation>
    </message>
    <message>
        <source>API, same tokens (%1 per month)</source>
        <translation>API, dieselben Tokens (%1 pro Monat)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ScenarioDocument</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 ist kein gültiges Szenario: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SummaryView</name>
    <message>
        <source>&lt;h3 style=&apos;color:#b00&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#b00&apos;&gt;Kein Plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Fits on %1 x %2</source>
        <translation>Passt auf %1 x %2</translation>
    </message>
    <message>
        <source>Does not fit on %1 x %2</source>
        <translation>Passt nicht auf %1 x %2</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU) and in total&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Speicher pro GPU (am stärksten belastete GPU) und insgesamt&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Linear-attention state</source>
        <translation>Zustand linearer Attention</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>Laufzeit-Overhead</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>Gesamtbedarf</translation>
    </message>
    <message>
        <source>Engine budget (fraction %1)</source>
        <translation>Engine-Budget (Anteil %1)</translation>
    </message>
    <message>
        <source>Usable GPU memory</source>
        <translation>Nutzbarer GPU-Speicher</translation>
    </message>
    <message>
        <source>Headroom after the workload</source>
        <translation>Reserve nach der Last</translation>
    </message>
    <message>
        <source>&lt;p&gt;In total across all GPUs: %1. KV cache: %2 bytes per token for the whole model, %3 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Insgesamt über alle GPUs: %1. KV-Cache: %2 Bytes pro Token für das ganze Modell, %3 pro GPU.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Weights by tensor group (per GPU and whole model)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Gewichte nach Tensorgruppe (pro GPU und ganzes Modell)&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>Ganzes Modell</translation>
    </message>
    <message>
        <source> (replicated)</source>
        <translation> (repliziert)</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Cost&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Kosten&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source>Always on (24 h/day, %1 h month)</source>
        <translation>Dauerbetrieb (24 h/Tag, Monat mit %1 h)</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>%1 pro Monat</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>Bei %1 h/Tag</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>Selbst gehostet, Kosten pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>k. A. (keine Ausgabe-Tokens)</translation>
    </message>
    <message>
        <source>Same tokens at API prices (%1)</source>
        <translation>Dieselben Tokens zu API-Preisen (%1)</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>API comparison</source>
        <translation>API-Vergleich</translation>
    </message>
    <message>
        <source>no API price for this model: set one under Pricing</source>
        <translation>kein API-Preis für dieses Modell: unter Preise einen festlegen</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your volume: %1 output tokens per month; self-hosting is &lt;b&gt;%2&lt;/b&gt; the API at this volume.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ihr Volumen: %1 Ausgabe-Tokens pro Monat; Selbst-Hosting ist bei diesem Volumen &lt;b&gt;%2&lt;/b&gt; die API.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>cheaper than</source>
        <translation>günstiger als</translation>
    </message>
    <message>
        <source>more expensive than</source>
        <translation>teurer als</translation>
    </message>
    <message>
        <source>API prices: %1, as of %2. GPU rate: %3, as of %4.</source>
        <translation>API-Preise: %1, Stand %2. GPU-Preis: %3, Stand %4.</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>Alle %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Up to &lt;b&gt;%1&lt;/b&gt; of %2 tokens at once. Memory floor (weights only): &lt;b&gt;%3&lt;/b&gt;; practical count for this workload: &lt;b&gt;%4&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Bis zu &lt;b&gt;%1&lt;/b&gt; mit %2 Tokens gleichzeitig. Speicheruntergrenze (nur Gewichte): &lt;b&gt;%3&lt;/b&gt;; praktische Anzahl für diese Last: &lt;b&gt;%4&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>keine bis %1</translation>
    </message>
    <message>
        <source>%1 per GPU-hour x %2</source>
        <translation>%1 pro GPU-Stunde x %2</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>n. v. (passt nicht)</translation>
    </message>
    <message>
        <source>Per 1M output tokens at %1% utilisation (%2)</source>
        <translation>Pro 1 Mio. Ausgabe-Tokens bei %1 % Auslastung (%2)</translation>
    </message>
    <message>
        <source>%1 per 1M output tokens</source>
        <translation>%1 pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the plan does not fit, so it serves no tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;nie&lt;/b&gt;: der Plan passt nicht und liefert daher keine Tokens.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1 output tokens per month&lt;/b&gt; with this token mix (%2 tokens/s sustained; %3 if every token were billed as output). %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;%1 Ausgabe-Tokens pro Monat&lt;/b&gt; bei diesem Token-Mix (%2 Tokens/s dauerhaft; %3, wenn jedes Token als Ausgabe abgerechnet würde). %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Self-hosting wins from &lt;b&gt;%1&lt;/b&gt; of %2 tokens a month each.</source>
        <translation>Selbst-Hosting lohnt sich ab: &lt;b&gt;%1&lt;/b&gt; (je %2 Tokens im Monat).</translation>
    </message>
    <message>
        <source>Self-hosting does not win at any number of heavy users of %1 tokens a month each.</source>
        <translation>Selbst-Hosting lohnt sich bei keiner Zahl von Vielnutzern mit je %1 Tokens im Monat.</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each on this plan: break-even needs %2 and it serves %3 (more GPUs serve more).</source>
        <translation>Selbst betreiben lohnt sich auf diesem Plan nicht für Vielnutzer mit je %1 Tokens im Monat: die Gewinnschwelle braucht %2, er bedient %3 (mehr GPUs bedienen mehr).</translation>
    </message>
    <message>
        <source>&lt;p&gt;Recommendation: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Pilot range to quote: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Empfehlung: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Angebotsspanne für einen Pilotbetrieb: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume this plan can serve. %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Gewinnschwelle: &lt;b&gt;nie&lt;/b&gt;: die API bleibt bei jedem Volumen billiger, das dieser Plan bedienen kann. %1&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ThroughputView</name>
    <message>
        <source>calibrated by a probe report</source>
        <translation>durch einen Probe-Bericht kalibriert</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>
Slower than the %1 ms target per output token</source>
        <translation>
Langsamer als das Ziel von %1 ms pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>Throughput: no plan (%1)</source>
        <translation>Durchsatz: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Throughput: not computed for this plan</source>
        <translation>Durchsatz: für diesen Plan nicht berechnet</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>Tokens/s pro Nutzer</translation>
    </message>
    <message>
        <source>Tokens/s per node</source>
        <translation>Tokens/s pro Knoten</translation>
    </message>
    <message>
        <source>Batch (sequences in flight)</source>
        <translation>Batch (laufende Sequenzen)</translation>
    </message>
    <message>
        <source>Tokens/s against batch, %1-token context (%2)</source>
        <translation>Tokens/s nach Batch, %1 Tokens Kontext (%2)</translation>
    </message>
    <message>
        <source>Memory limit (%1)</source>
        <translation>Speichergrenze (%1)</translation>
    </message>
    <message>
        <source>%1 ms target (%2)</source>
        <translation>Ziel %1 ms (%2)</translation>
    </message>
    <message>
        <source>Batch %1 at %2 tokens of context
%3 tokens/s per user (%4 ms per output token)
%5 tokens/s per node, %6 tokens/s for the plan (%7)
Confidence: %8</source>
        <translation>Batch %1 bei %2 Tokens Kontext
%3 Tokens/s pro Nutzer (%4 ms pro Ausgabe-Token)
%5 Tokens/s pro Knoten, %6 Tokens/s für den Plan (%7)
Konfidenz: %8</translation>
    </message>
    <message>
        <source>
Above the memory limit: the KV room holds %1</source>
        <translation>
Über der Speichergrenze: der KV-Platz fasst %1</translation>
    </message>
    <message>
        <source>Capacity %1: %2 tokens/s per node, %3 per 1M output tokens</source>
        <translation>Kapazität %1: %2 Tokens/s pro Knoten, %3 pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>modelled (fitted to published serving measurements; see the band)</source>
        <translation>modelliert (an veröffentlichte Serving-Messungen angepasst; siehe die Spanne)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Verdict</name>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no one</source>
        <translation>nie: der Plan passt nicht und bedient niemanden</translation>
    </message>
    <message>
        <source>from the first heavy user (the rental costs nothing)</source>
        <translation>ab dem ersten Vielnutzer (die Miete kostet nichts)</translation>
    </message>
    <message>
        <source>never on this plan: break-even needs %1, it serves %2</source>
        <translation>nie mit diesem Plan: die Gewinnschwelle braucht %1, er bedient %2</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no tokens</source>
        <translation>nie: der Plan passt nicht und liefert keine Tokens</translation>
    </message>
    <message>
        <source>never: the API stays cheaper at any volume this plan can serve</source>
        <translation>nie: die API bleibt bei jedem Volumen günstiger, das dieser Plan liefern kann</translation>
    </message>
    <message>
        <source>%1 tokens a month (%2 tokens/s)</source>
        <translation>%1 Tokens im Monat (%2 Tokens/s)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::WorkloadPanel</name>
    <message>
        <source>Context length on a log scale: each tick is 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M tokens)</source>
        <translation>Kontextlänge auf logarithmischer Skala: jeder Strich ist 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M Tokens)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>Tokens per sequence (prompt + output) the plan must hold</source>
        <translation>Tokens pro Sequenz (Prompt + Ausgabe), die der Plan halten muss</translation>
    </message>
    <message>
        <source>Conte&amp;xt</source>
        <translation>Konte&amp;xt</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> Sequenzen</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context</source>
        <translation>Gleichzeitig laufende Sequenzen, jede mit vollem Kontext</translation>
    </message>
    <message>
        <source>C&amp;oncurrency</source>
        <translation>Paralle&amp;lität</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> Mio. Tokens</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tokens per month&lt;/b&gt; (millions)</source>
        <translation>&lt;b&gt;Tokens pro Monat&lt;/b&gt; (Millionen)</translation>
    </message>
    <message>
        <source>Uncached prompt tokens per month</source>
        <translation>Ungecachte Prompt-Tokens pro Monat</translation>
    </message>
    <message>
        <source>&amp;Input</source>
        <translation>&amp;Eingabe</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache (billed at the cached-input price)</source>
        <translation>Prompt-Tokens pro Monat, die eine API aus ihrem Prompt-Cache bedient (zum Preis für gecachte Eingabe abgerechnet)</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>Gecachte Eingabe</translation>
    </message>
    <message>
        <source>Generated tokens per month</source>
        <translation>Erzeugte Tokens pro Monat</translation>
    </message>
    <message>
        <source>O&amp;utput</source>
        <translation>A&amp;usgabe</translation>
    </message>
    <message>
        <source> h/day</source>
        <translation> h/Tag</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented (24 = always on)</source>
        <translation>Stunden am Tag, die die GPUs gemietet sind (24 = Dauerbetrieb)</translation>
    </message>
    <message>
        <source>&amp;Hours per day</source>
        <translation>&amp;Stunden pro Tag</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month (for break-even users)</source>
        <translation>Tokens, die ein Vielnutzer pro Monat erzeugt (für Break-even-Nutzer)</translation>
    </message>
    <message>
        <source>Heavy user</source>
        <translation>Vielnutzer</translation>
    </message>
    <message>
        <source>Change concurrency to %1</source>
        <translation>Parallelität auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>monthly input tokens</source>
        <translation>monatliche Eingabe-Tokens</translation>
    </message>
    <message>
        <source>monthly cached input tokens</source>
        <translation>monatliche gecachte Eingabe-Tokens</translation>
    </message>
    <message>
        <source>monthly output tokens</source>
        <translation>monatliche Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>hours per day</source>
        <translation>Stunden pro Tag</translation>
    </message>
    <message>
        <source>heavy user tokens</source>
        <translation>Vielnutzer-Tokens</translation>
    </message>
    <message>
        <source>Change context to %1 tokens</source>
        <translation>Kontext auf %1 Tokens ändern</translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> Sequenz</translation>
    </message>
</context>
</TS>
