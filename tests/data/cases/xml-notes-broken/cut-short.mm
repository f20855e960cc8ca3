<map version="1.0.1">
<node TEXT="Reading list">
<node TEXT="Ray: A Distributed Framework for Emerging AI Applications">
<node TEXT="Authors: Philipp Moritz, Robert Nishihara"
</node>
</map>
